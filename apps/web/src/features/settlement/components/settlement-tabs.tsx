import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';

const tabs = [
  { path: paths.app.settlement.getHref(), label: 'Reconciliation' },
  { path: paths.app.settlementDeposits.getHref(), label: 'Escrow deposits' },
  { path: paths.app.settlementTransactions.getHref(), label: 'Chain transactions' },
] as const;

/** The Settlement screen's three lists, one page each (each keeps its own paging and filters in the URL). */
export function SettlementTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = tabs.find((tab) => tab.path === pathname)?.path ?? false;
  return (
    // The selected tab in the dark gold: the theme's main gold on the page's paper is 2.2:1, under WCAG's 4.5:1.
    <Tabs
      value={current}
      aria-label={t('Settlement')}
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
