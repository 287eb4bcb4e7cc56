import { useMemo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/query-state';
import { useProductSymbol } from '@/lib/app-config';
import type { ListCallQuery } from '@/lib/list-call';
import type { ListContext, ListDeclaration, ListRow } from '../list-declaration';
import { ListFilters } from '../list-filters';
import type { BaseListQuery } from '../list-url';
import type { List } from '../use-list';
import { ListGrid } from './list-grid';
import { emptyText, statusText } from './list-texts';

/** What the columns need besides the product: required when the declaration asks for more. */
type ContextProp<Extra> = keyof Extra extends never ? { context?: Extra } : { context: Extra };

export type ListTableProps<Query extends BaseListQuery & ListCallQuery, Row extends ListRow, Extra> = {
  /** The screen's list (`useList(declaration)`). */
  list: List<Query, Row, ListDeclaration<Query, Row, Extra>>;
  /** Another accessible name for the table (the same list on another page). */
  label?: string;
} & ContextProp<Extra>;

/**
 * A declared list on its screen: its filters and status line, then its rows paged, sorted and
 * filtered on the server (`ListGrid`); loading, empty and error-with-retry states. The state is
 * the screen's `useList`, read from the URL.
 */
export function ListTable<Query extends BaseListQuery & ListCallQuery, Row extends ListRow, Extra = object>(
  props: ListTableProps<Query, Row, Extra>,
) {
  const { list, label } = props;
  const { declaration, result } = list;
  // The declaration's texts are English keys, translated here where they are drawn.
  const { t } = useTranslation();
  const product = useProductSymbol();
  const context = props.context;
  const columns = useMemo(() => declaration.columns({ product, ...context } as ListContext & Extra), [declaration, product, context]);

  const failure = result.isFetching ? null : result.error;
  const refused = (declaration.filters ?? []).flatMap((filter) =>
    filter.kind === 'text' && filter.refusedMessage && list.refused[filter.name] ? [filter.refusedMessage(list.refused[filter.name]!)] : [],
  );
  const filtered = Boolean(declaration.filters?.length);

  const grid = (
    <ListGrid
      list={list}
      listId={declaration.id}
      columns={columns}
      product={product}
      label={label ?? t(typeof declaration.label === 'string' ? declaration.label : declaration.label({ product }), { product })}
      emptyText={emptyText(list, failure !== null, declaration.noun, t)}
      detailHref={declaration.detailHref}
    />
  );
  const { RowsProvider } = declaration;
  let body: ReactNode = grid;
  if (RowsProvider) body = <RowsProvider rows={list.rows}>{grid}</RowsProvider>;

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        role={filtered ? 'group' : undefined}
        aria-label={filtered ? t('Filters') : undefined}
        sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap', minHeight: 40 }}
      >
        {declaration.filters ? <ListFilters listId={declaration.id} filters={declaration.filters} list={list} /> : null}
        <Typography role="status" variant="body2" color="text.secondary">
          {statusText(list, result.isFetching, result.data?.total, declaration.noun, t)}
        </Typography>
      </Stack>
      {refused.map((message) => (
        <Alert key={message} severity="info">
          {message}
        </Alert>
      ))}
      {failure ? <QueryError error={failure} title={t(declaration.errorTitle)} onRetry={() => void result.refetch()} /> : null}
      {body}
    </Stack>
  );
}
