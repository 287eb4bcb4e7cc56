import { useEffect, useState, type ChangeEvent } from 'react';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useDebouncedCallback } from '@/hooks/use-debounced-callback';
import { useTranslation } from 'react-i18next';

/** Typing pauses this long before the list is asked for again. */
const SEARCH_DEBOUNCE_MS = 300;
/** The contract's search text limit. */
const SEARCH_MAX_LENGTH = 100;

interface GridSearchFieldProps {
  /** The visible label, e.g. 'Search user'. */
  label: string;
  /** The search of the URL. */
  value: string;
  onSearch: (text: string) => void;
  placeholder?: string;
}

interface Draft {
  /** What the field shows. */
  text: string;
  /** The last text handed to onSearch. */
  committed: string;
  /** The last `value` seen. */
  seen: string;
  /** Bumped when the URL moves on its own (back/forward, a link): a pending search is dropped. */
  external: number;
}

/**
 * A search box that asks for the list once typing pauses. It follows the URL: going back to an
 * earlier search shows that search's text, without undoing what is being typed when the URL
 * merely catches up with a search this box sent.
 */
export function GridSearchField({ label, value, onSearch, placeholder }: GridSearchFieldProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>({ text: value, committed: value, seen: value, external: 0 });
  const search = useDebouncedCallback((text: string) => {
    setDraft((current) => ({ ...current, committed: text }));
    onSearch(text);
  }, SEARCH_DEBOUNCE_MS);

  let shown = draft;
  if (value !== draft.seen) {
    shown =
      value === draft.committed ? { ...draft, seen: value } : { text: value, committed: value, seen: value, external: draft.external + 1 };
    setDraft(shown);
  }

  const { cancel } = search;
  useEffect(() => cancel(), [draft.external, cancel]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    setDraft((current) => ({ ...current, text }));
    search.run(text.trim());
  };

  const clear = () => {
    search.cancel();
    setDraft((current) => ({ ...current, text: '', committed: '' }));
    onSearch('');
  };

  return (
    <TextField
      label={label}
      type="search"
      size="small"
      value={shown.text}
      onChange={onChange}
      placeholder={placeholder}
      autoComplete="off"
      // The browser's own clear control of a search input would sit beside ours.
      sx={{ width: { xs: '100%', sm: 320 }, '& input::-webkit-search-cancel-button': { display: 'none' } }}
      slotProps={{
        htmlInput: { maxLength: SEARCH_MAX_LENGTH },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
          endAdornment: shown.text ? (
            <InputAdornment position="end">
              <IconButton size="small" aria-label={t('clear search')} onClick={clear} edge="end">
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : null,
        },
      }}
    />
  );
}
