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

/** The URL's search as this box knows it. */
interface UrlSearch {
  /** The search the URL held at the last render. */
  seen: string;
  /** The searches this box sent that the URL has not shown yet, oldest first. */
  sent: readonly string[];
  /** Counts the URL's own moves (back/forward, a link): each drops a pending search. */
  moves: number;
}

/**
 * A search box that asks for the list once typing pauses. It follows the URL: going back to an
 * earlier search shows that search's text, without undoing what is being typed when the URL
 * merely catches up with a search this box sent. Only a move of the URL's own replaces the
 * text, so a key typed while the list loads is never lost.
 */
export function GridSearchField({ label, value, onSearch, placeholder }: GridSearchFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [url, setUrl] = useState<UrlSearch>({ seen: value, sent: [], moves: 0 });
  const search = useDebouncedCallback((next: string) => {
    // The URL's own search again moves nothing: nothing to wait for.
    if (next !== value) setUrl((current) => ({ ...current, sent: [...current.sent, next] }));
    onSearch(next);
  }, SEARCH_DEBOUNCE_MS);

  if (value !== url.seen) {
    const own = url.sent.includes(value);
    setUrl((current) => {
      const shown = current.sent.indexOf(value);
      return { seen: value, sent: current.sent.slice(shown + 1), moves: current.moves + (shown < 0 ? 1 : 0) };
    });
    if (!own) setText(value);
  }

  const { cancel } = search;
  useEffect(() => cancel(), [url.moves, cancel]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    search.run(next.trim());
  };

  const clear = () => {
    search.cancel();
    setText('');
    if (value !== '') setUrl((current) => ({ ...current, sent: [...current.sent, ''] }));
    onSearch('');
  };

  return (
    <TextField
      label={label}
      type="search"
      size="small"
      value={text}
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
          endAdornment: text ? (
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
