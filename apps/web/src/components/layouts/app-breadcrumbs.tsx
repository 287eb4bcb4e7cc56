import { memo } from 'react';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface Crumb {
  label: string;
  href: string;
}

const sameCrumbs = (a: { crumbs: readonly Crumb[] }, b: { crumbs: readonly Crumb[] }) =>
  a.crumbs.length === b.crumbs.length &&
  a.crumbs.every((crumb, i) => crumb.label === b.crumbs[i]!.label && crumb.href === b.crumbs[i]!.href);

/**
 * The trail to the current page; the last crumb is the page itself. Collapses above 8 items.
 * Drawn again only when the trail itself changes (the frame renders on every router state change).
 */
export const AppBreadcrumbs = memo(function AppBreadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useTranslation();
  if (crumbs.length === 0) return null;
  return (
    <Breadcrumbs aria-label={t('breadcrumb')} maxItems={8} separator={<NavigateNextIcon fontSize="small" />}>
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Typography key={crumb.href} color="text.primary" aria-current="page" sx={{ fontWeight: 600 }}>
            {crumb.label}
          </Typography>
        ) : (
          <Link key={crumb.href} component={RouterLink} to={crumb.href} underline="hover">
            {crumb.label}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}, sameCrumbs);
