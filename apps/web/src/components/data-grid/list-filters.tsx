import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import type { ListFilterState } from './use-list';
import { GridSearchField } from './grid-search-field';
import type { ListFilter, SelectOptions } from './list-declaration';
import { useTranslation } from 'react-i18next';

const ALL = '';

type SelectFilter = Extract<ListFilter, { kind: 'select' }>;

interface FilterProps<Filter> {
  /** The list's id: the controls' ids start with it. */
  listId: string;
  filter: Filter;
  list: ListFilterState;
}

/**
 * One choice among the filter's options, or all ('' in the URL means all). Select rather than
 * TextField's select mode: the grid's pager loads Select already.
 */
function SelectControl({ listId, filter, list, loaded }: FilterProps<SelectFilter> & { loaded: SelectOptions }) {
  const { t } = useTranslation();
  const id = `${listId}-${filter.name}-filter`;
  const value = list.filters[filter.name] ?? ALL;
  const { options, pending = false, failed = false } = loaded;
  const unknown = value !== ALL && !pending && !options.some((option) => option.value === value);
  return (
    <FormControl size="small" sx={{ minWidth: filter.minWidth ?? 200 }}>
      <InputLabel id={`${id}-label`} shrink>
        {t(filter.label)}
      </InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={t(filter.label)}
        notched
        displayEmpty
        // Until the choices arrive, a value named by the URL has no option to show.
        value={pending ? ALL : value}
        onChange={(event) => list.setFilter(filter.name, event.target.value)}
      >
        <MenuItem value={ALL}>
          {failed ? t('{{choice}} (the list could not be read)', { choice: t(filter.allLabel) }) : t(filter.allLabel)}
        </MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {t(option.label)}
          </MenuItem>
        ))}
        {unknown ? <MenuItem value={value}>{filter.unknownLabel?.(value) ?? value}</MenuItem> : null}
      </Select>
    </FormControl>
  );
}

/** A select whose choices come from the server: its hook is called here, always, for this filter alone. */
function LoadedSelectControl(props: FilterProps<SelectFilter> & { useOptions: () => SelectOptions }) {
  const loaded = props.useOptions();
  return <SelectControl {...props} loaded={loaded} />;
}

function DateControl({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  // An end of a range of days ('To' is 'Sampai' here, 'Ke' for a transfer's receiver): the catalogue's `To_dates`, else `To`.
  const text = t(label, { context: 'dates' });
  return (
    <FormControl size="small" sx={{ width: 170 }}>
      <InputLabel htmlFor={id} shrink>
        {text}
      </InputLabel>
      <OutlinedInput id={id} type="date" label={text} notched value={value} onChange={(event) => onChange(event.target.value)} />
    </FormControl>
  );
}

function FilterControl({ listId, filter, list }: FilterProps<ListFilter>) {
  const { t } = useTranslation();
  switch (filter.kind) {
    case 'text':
      return (
        <GridSearchField
          label={t(filter.label)}
          placeholder={filter.placeholder === undefined ? undefined : t(filter.placeholder)}
          value={list.filters[filter.name] ?? ''}
          onSearch={(text) => list.setFilter(filter.name, text)}
        />
      );
    case 'select':
      return filter.useOptions ? (
        <LoadedSelectControl listId={listId} filter={filter} list={list} useOptions={filter.useOptions} />
      ) : (
        <SelectControl listId={listId} filter={filter} list={list} loaded={{ options: filter.options ?? [] }} />
      );
    case 'dateRange':
      return (
        <>
          <DateControl
            id={`${listId}-${filter.from}-filter`}
            label={filter.fromLabel}
            value={list.filters[filter.from] ?? ''}
            onChange={(value) => list.setFilter(filter.from, value)}
          />
          <DateControl
            id={`${listId}-${filter.to}-filter`}
            label={filter.toLabel}
            value={list.filters[filter.to] ?? ''}
            onChange={(value) => list.setFilter(filter.to, value)}
          />
        </>
      );
  }
}

/** The names of the filters other than the text ones. */
function choiceNames(filters: readonly ListFilter[]): string[] {
  return filters.flatMap((filter) =>
    filter.kind === 'select' ? [filter.name] : filter.kind === 'dateRange' ? [filter.from, filter.to] : [],
  );
}

/**
 * A list's filters as their declarations say, each kept in the URL; with more than one choice to
 * make, 'Clear filters' undoes them all at once.
 */
export function ListFilters({ listId, filters, list }: { listId: string; filters: readonly ListFilter[]; list: ListFilterState }) {
  const { t } = useTranslation();
  const choices = choiceNames(filters);
  const chosen = choices.length > 1 && choices.some((name) => list.filters[name]);
  return (
    <>
      {filters.map((filter) => (
        <FilterControl key={filter.kind === 'dateRange' ? filter.from : filter.name} listId={listId} filter={filter} list={list} />
      ))}
      {chosen ? (
        <Button onClick={() => list.setFilters(Object.fromEntries(choices.map((name) => [name, ''])))}>{t('Clear filters')}</Button>
      ) : null}
    </>
  );
}
