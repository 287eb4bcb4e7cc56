import { useId, type ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { translateServerMessage } from '@/lib/i18n';
import { MISSING } from '@/lib/format';
import { useTranslation } from 'react-i18next';

const countFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** What a stat card needs of a query (a TanStack `useQuery` result fits). */
interface StatQuery<Data> {
  data: Data | undefined;
  error: Error | null;
  isPending: boolean;
  refetch: () => unknown;
}

/** A stat card's value, loading, the server's message and Retry, from the query that feeds it. */
export function queryStat<Data>(query: StatQuery<Data>, value: (data: Data) => number | string) {
  return {
    value: query.data === undefined ? undefined : value(query.data),
    loading: query.isPending,
    error: query.error ? errorMessage(query.error) : null,
    onRetry: () => void query.refetch(),
  };
}

export interface StatCardProps {
  /** The card's title, e.g. 'Registered Users'. */
  title: string;
  /** A count (shown as 1.234.567) or a formatted figure; undefined while loading or after a failure (a dash). */
  value: number | string | undefined;
  loading: boolean;
  /** The server's message when the figure could not be read. */
  error?: string | null | undefined;
  onRetry?: (() => void) | undefined;
  icon: ReactNode;
  /** The View All link: the list behind the figure (dashboard); none when absent. */
  href?: string | undefined;
  sx?: SxProps<Theme>;
}

/** A figure card (spec: title, total, avatar): the dashboard's counts and the count above every list. */
export function StatCard({ title, value, loading, error, onRetry, icon, href, sx }: StatCardProps) {
  const titleId = useId();
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      aria-busy={loading}
      sx={[{ p: 2.5, display: 'flex', gap: 2, alignItems: href ? 'flex-start' : 'center' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Avatar sx={{ bgcolor: 'primary.light', color: 'primary.contrastText', width: 48, height: 48 }} aria-hidden>
        {icon}
      </Avatar>
      <Stack sx={{ minWidth: 0, flex: 1 }}>
        <Typography id={titleId} variant="subtitle2" component="h2" color="text.secondary">
          {title}
        </Typography>
        {loading ? (
          <Skeleton width={96} height={40} aria-hidden />
        ) : (
          <Typography variant="h2" component="p" sx={{ fontSize: '1.75rem' }}>
            {value === undefined ? MISSING : typeof value === 'number' ? countFormat.format(value) : value}
          </Typography>
        )}
        {error && !loading ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" color="error" role="alert">
              {translateServerMessage(error)}
            </Typography>
            {onRetry ? (
              <Button size="small" onClick={onRetry}>
                {t('Retry')}
              </Button>
            ) : null}
          </Stack>
        ) : null}
        {href ? (
          <Link
            component={RouterLink}
            to={href}
            variant="body2"
            sx={{ mt: 0.5, alignSelf: 'flex-start' }}
            aria-label={t('View All: {{title}}', { title })}
          >
            {t('View All')}
          </Link>
        ) : null}
      </Stack>
    </Paper>
  );
}
