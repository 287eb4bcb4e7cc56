import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MISSING } from '@/lib/format';

const countFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

interface ListCountCardProps {
  /** The card's title, e.g. 'Registered Users'. */
  title: string;
  count: number | undefined;
  loading: boolean;
  /** The server's message when the count could not be loaded. */
  error?: string | null | undefined;
  onRetry?: () => void;
  icon: ReactNode;
}

/** The count card above a list (spec: every list screen has one): a title and a whole number. */
export function ListCountCard({ title, count, loading, error, onRetry, icon }: ListCountCardProps) {
  const titleId = `count-card-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      aria-busy={loading}
      sx={{ p: 2.5, display: 'flex', alignItems: 'center', gap: 2, maxWidth: 360 }}
    >
      <Avatar sx={{ bgcolor: 'primary.light', color: 'primary.contrastText', width: 48, height: 48 }} aria-hidden>
        {icon}
      </Avatar>
      <Stack sx={{ minWidth: 0 }}>
        <Typography id={titleId} variant="subtitle2" component="h2" color="text.secondary">
          {title}
        </Typography>
        {loading ? (
          <Skeleton width={96} height={40} aria-hidden />
        ) : (
          <Typography variant="h2" component="p" sx={{ fontSize: '1.75rem' }}>
            {count === undefined ? MISSING : countFormat.format(count)}
          </Typography>
        )}
        {error && !loading ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" color="error" role="alert">
              {error}
            </Typography>
            {onRetry ? (
              <Button size="small" onClick={onRetry}>
                Retry
              </Button>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
