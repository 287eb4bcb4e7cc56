import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';

const tabs = [
  { path: paths.app.vault.getHref(), label: 'Pieces' },
  { path: paths.app.vaultMovements.getHref(), label: 'Movements' },
  { path: paths.app.vaultLocations.getHref(), label: 'Locations' },
] as const;

/** The Vault screen's three parts, one page each (each keeps its own paging and filters in the URL). */
export function VaultTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = tabs.find((tab) => tab.path === pathname)?.path ?? false;
  return (
    // The selected tab in the dark gold: the theme's main gold on the page's paper is under WCAG's 4.5:1.
    <Tabs
      value={current}
      aria-label={t('Vault')}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ '& .MuiTab-root.Mui-selected': { color: 'primary.dark' } }}
    >
      {tabs.map((tab) => (
        <Tab key={tab.path} value={tab.path} label={t(tab.label)} component={RouterLink} to={tab.path} />
      ))}
    </Tabs>
  );
}
