import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { MISSING } from '@/lib/format';

export interface StatCardProps {
  title: string;
  /** Formatted; undefined while loading or after a failure. */
  value: string | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  icon: ReactNode;
  /** The View All link: the list behind the figure. */
  href: string;
}

/** A dashboard count card (spec: title, total, avatar) with its View All link. */
export function StatCard({ title, value, loading, error, onRetry, icon, href }: StatCardProps) {
  const titleId = `stat-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      aria-busy={loading}
      sx={{ p: 2.5, display: 'flex', gap: 2, alignItems: 'flex-start', height: '100%' }}
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
            {value ?? MISSING}
          </Typography>
        )}
        {error && !loading ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" color="error" role="alert">
              {error}
            </Typography>
            <Button size="small" onClick={onRetry}>
              Retry
            </Button>
          </Stack>
        ) : null}
        <Link component={RouterLink} to={href} variant="body2" sx={{ mt: 0.5, alignSelf: 'flex-start' }} aria-label={`View All: ${title}`}>
          View All
        </Link>
      </Stack>
    </Paper>
  );
}
