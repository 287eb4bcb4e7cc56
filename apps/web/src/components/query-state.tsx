import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage, isApiError } from '@/lib/api-client';
import { translateServerMessage } from '@/lib/i18n';
import { useTranslation } from 'react-i18next';

/** What the views need of a query (a TanStack `useQuery` result fits). */
interface QueryLike<Data> {
  data: Data | undefined;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface QueryErrorProps {
  error: unknown;
  /** Loads again; without it there is no Retry (a 404 will not change by asking again). */
  onRetry?: (() => void) | undefined;
  /** The call is under way again: Retry shows it. */
  retrying?: boolean;
  /** A heading above the server's message, e.g. 'Error fetching users'. */
  title?: string;
  /** In place of Retry: a way back, say. */
  action?: ReactNode;
}

/** A call that failed: the server's message (a generic one when its answer was unreadable), and Retry. */
export function QueryError({ error, onRetry, retrying, title, action }: QueryErrorProps) {
  const { t } = useTranslation();
  const retry = onRetry ? (
    <Button color="inherit" size="small" loading={retrying} onClick={onRetry}>
      {t('Retry')}
    </Button>
  ) : undefined;
  return (
    <Alert severity="error" action={action ?? retry}>
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {translateServerMessage(errorMessage(error))}
    </Alert>
  );
}

/** 'Loading...', read out as a status; the spinner is named `label` when given ('Loading contacts'). */
function QueryLoading({ label }: { label?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
      {label ? <CircularProgress size={20} aria-label={label} /> : <CircularProgress size={20} aria-hidden />}
      <Typography>{t('Loading...')}</Typography>
    </Stack>
  );
}

export interface QueryStateProps<Data> {
  query: QueryLike<Data>;
  /** The content, once the data is there. */
  children: (data: Data) => ReactNode;
  /** In place of `QueryLoading` until the first answer (a skeleton of the content). */
  loading?: ReactNode;
  /** Names the default loading spinner. */
  loadingLabel?: string;
  /** The data holds nothing to show: `empty` is shown in place of the content. */
  isEmpty?: (data: Data) => boolean;
  /** A sentence (shown as secondary text) or an element. */
  empty?: ReactNode;
  /** A heading above the server's message. */
  errorTitle?: string;
  /** Whether a failure offers Retry; every failure does unless this says no. */
  canRetry?: (error: Error) => boolean;
  /** In place of Retry. */
  errorAction?: ReactNode;
}

/**
 * One query's states: loading, the server's message with Retry, empty, else the content. Data
 * already there stays shown when a later refresh fails; a 401 keeps loading, as the browser is
 * on its way to sign-in (api-client).
 */
export function QueryState<Data>({
  query,
  children,
  loading,
  loadingLabel,
  isEmpty,
  empty,
  errorTitle,
  canRetry,
  errorAction,
}: QueryStateProps<Data>) {
  const { data, error } = query;
  if (data !== undefined) {
    if (isEmpty?.(data)) return typeof empty === 'string' ? <Typography color="text.secondary">{empty}</Typography> : empty;
    return children(data);
  }
  if (error && !isApiError(error, 401)) {
    const retry = canRetry?.(error) ?? true;
    return (
      <QueryError
        error={error}
        title={errorTitle}
        action={errorAction}
        retrying={query.isFetching}
        onRetry={retry ? () => void query.refetch() : undefined}
      />
    );
  }
  return loading ?? <QueryLoading label={loadingLabel} />;
}
