import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

interface DashboardPanelProps {
  /** Also the id prefix: the heading's id is `${id}-heading` (a table inside names itself by it). */
  id: string;
  /** In the console's language (the caller translates it). */
  title: string;
  /** The View All link, where a list stands behind the panel. */
  href?: string;
  children: ReactNode;
}

/** A titled dashboard card around a table or a chart, with its View All link. */
export function DashboardPanel({ id, title, href, children }: DashboardPanelProps) {
  const { t } = useTranslation();
  const headingId = `${id}-heading`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2.5, height: '100%', minWidth: 0 }}>
      <Stack spacing={1.5} sx={{ height: '100%' }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
          <Typography id={headingId} variant="h3" component="h2">
            {title}
          </Typography>
          {href ? (
            <Link component={RouterLink} to={href} variant="body2" aria-label={t('View All: {{title}}', { title })}>
              {t('View All')}
            </Link>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
