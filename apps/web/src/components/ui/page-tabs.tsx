import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

export interface PageTab {
  path: string;
  /** English text, translated here. */
  label: string;
}

/**
 * A screen split into pages shown as tabs (Settlement, Vault): each tab is a link to its own page,
 * which keeps its own paging and filters in the URL; the tab of the current page is selected.
 */
export function PageTabs({ label, tabs }: { label: string; tabs: readonly PageTab[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = tabs.find((tab) => tab.path === pathname)?.path ?? false;
  return (
    // The selected tab in the dark gold: the theme's main gold on the page's paper is 2.2:1, under WCAG's 4.5:1.
    <Tabs
      value={current}
      aria-label={t(label)}
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
