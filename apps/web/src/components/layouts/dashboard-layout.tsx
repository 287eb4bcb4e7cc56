import { memo, useCallback, useState, type ReactNode } from 'react';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import goldBarsUrl from '@/assets/gold-bars.svg';
import { DRAWER_WIDTH_COLLAPSED, DRAWER_WIDTH_OPEN } from '@/config/constants';
import { visuallyHidden } from '@/lib/visually-hidden';
import { AppBreadcrumbs, type Crumb } from './app-breadcrumbs';
import type { NavGroup } from './navigation';
import { SideNav } from './side-nav';

interface DashboardLayoutProps {
  /** The current page's title, shown in the top bar. */
  title: string;
  breadcrumbs: readonly Crumb[];
  navGroups: readonly NavGroup[];
  adminName?: string | undefined;
  /** The signed-in admin's id: the menu remembers the groups this admin folded. */
  adminId?: number | undefined;
  onLogout: () => void;
  loggingOut?: boolean;
  /** A navigation is under way (the next screen's code or data is loading). */
  busy?: boolean;
  /** The English / Bahasa Indonesia switch, in the top bar. */
  languageSwitch?: ReactNode;
  children: ReactNode;
}

const drawerWidthTransition = (theme: Theme, opening: boolean) =>
  theme.transitions.create('width', {
    easing: theme.transitions.easing.sharp,
    duration: opening ? theme.transitions.duration.enteringScreen : theme.transitions.duration.leavingScreen,
  });

const MAIN_ID = 'main-content';
const MENU_ID = 'main-menu';

/*
 * Every navigation renders this frame again (the router's state changes on leaving a page and on
 * arriving). Its parts are memoised so that only what changed is drawn again: the title, the
 * breadcrumbs, the menu items whose highlight moved, the loading bar. On a slow laptop a row's
 * detail and the way back to its list cost about a third less.
 */

/** Hidden until focused: the keyboard's way past the menu. */
const SkipLink = memo(function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${MAIN_ID}`}
      sx={{
        ...visuallyHidden,
        '&:focus': {
          position: 'fixed',
          top: 8,
          left: 8,
          width: 'auto',
          height: 'auto',
          clip: 'auto',
          zIndex: 2000,
          p: 1,
          bgcolor: 'background.paper',
        },
      }}
    >
      {t('Skip to content')}
    </Link>
  );
});

interface TopBarProps {
  title: string;
  adminName: string | undefined;
  onLogout: () => void;
  loggingOut: boolean;
  languageSwitch: ReactNode;
  menuOpen: boolean;
  onToggleMenu: () => void;
}

/** The top bar's row: menu toggle, product, page title, admin, language, logout. */
const TopBarRow = memo(function TopBarRow({ title, adminName, onLogout, loggingOut, languageSwitch, menuOpen, onToggleMenu }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <Toolbar sx={{ gap: 1.5 }}>
      <IconButton edge="start" aria-label={t('toggle menu')} aria-controls={MENU_ID} aria-expanded={menuOpen} onClick={onToggleMenu}>
        {menuOpen ? <MenuOpenIcon /> : <MenuIcon />}
      </IconButton>
      <Box component="img" src={goldBarsUrl} alt="" sx={{ width: 36, height: 27, display: { xs: 'none', sm: 'block' } }} />
      <Typography component="div" sx={{ fontWeight: 700, display: { xs: 'none', sm: 'block' }, whiteSpace: 'nowrap' }}>
        {t('Back Office')}
      </Typography>
      <Divider orientation="vertical" flexItem sx={{ mx: 1, my: 1.5, display: { xs: 'none', sm: 'block' } }} />
      <Typography component="div" variant="h6" noWrap sx={{ flexGrow: 1, fontWeight: 600, minWidth: 0 }} data-testid="top-bar-title">
        {title}
      </Typography>
      {adminName ? (
        <Typography
          component="div"
          variant="body2"
          noWrap
          color="text.secondary"
          sx={{ display: { xs: 'none', md: 'block' }, maxWidth: 240 }}
        >
          {t('Signed in as')} <strong>{adminName}</strong>
        </Typography>
      ) : null}
      {languageSwitch}
      <Button
        aria-label={t('logout')}
        onClick={onLogout}
        disabled={loggingOut}
        color="inherit"
        startIcon={<LogoutIcon />}
        sx={{ flexShrink: 0 }}
      >
        {t('Logout')}
      </Button>
    </Toolbar>
  );
});

/** The side menu that stays: 300 px open, icons only when collapsed. */
const MenuRail = memo(function MenuRail({
  navGroups,
  adminId,
  expanded,
}: {
  navGroups: readonly NavGroup[];
  adminId: number | undefined;
  expanded: boolean;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const width = expanded ? DRAWER_WIDTH_OPEN : DRAWER_WIDTH_COLLAPSED;
  return (
    <Drawer
      variant="permanent"
      id={MENU_ID}
      sx={{ width, flexShrink: 0, whiteSpace: 'nowrap', transition: drawerWidthTransition(theme, expanded) }}
      slotProps={{
        paper: { sx: { width, overflowX: 'hidden', transition: drawerWidthTransition(theme, expanded), boxSizing: 'border-box' } },
      }}
    >
      <Toolbar />
      <Box component="nav" aria-label={t('Main menu')} sx={{ py: 0.5 }}>
        <SideNav groups={navGroups} collapsed={!expanded} adminId={adminId} />
      </Box>
    </Drawer>
  );
});

/** On a narrow screen, the whole menu over the page. */
const MenuOverlay = memo(function MenuOverlay({
  navGroups,
  adminId,
  open,
  onClose,
}: {
  navGroups: readonly NavGroup[];
  adminId: number | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer variant="temporary" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: DRAWER_WIDTH_OPEN, maxWidth: '85vw' } } }}>
      <Toolbar />
      <Box component="nav" aria-label={t('Main menu')} sx={{ py: 0.5 }}>
        <SideNav groups={navGroups} collapsed={false} adminId={adminId} onNavigate={onClose} />
      </Box>
    </Drawer>
  );
});

/**
 * The signed-in frame: top bar (menu toggle, page title, admin, logout), the side menu
 * (300 px open, icons only when collapsed) and the page with its breadcrumbs.
 */
export function DashboardLayout({
  title,
  breadcrumbs,
  navGroups,
  adminName,
  adminId,
  onLogout,
  loggingOut = false,
  busy = false,
  languageSwitch,
  children,
}: DashboardLayoutProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  // Wide screens start with the menu open; narrow screens keep the icon rail and open the menu over the page.
  const [open, setOpen] = useState(wide);
  const toggleMenu = useCallback(() => setOpen((value) => !value), []);
  const closeMenu = useCallback(() => setOpen(false), []);
  const overlayOpen = open && !wide;
  const railExpanded = open && wide;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="fixed" sx={appBarSx}>
        <TopBarRow
          title={title}
          adminName={adminName}
          onLogout={onLogout}
          loggingOut={loggingOut}
          languageSwitch={languageSwitch}
          menuOpen={open}
          onToggleMenu={toggleMenu}
        />
        {busy ? <LinearProgress aria-label={t('Loading page')} sx={loadingBarSx} /> : null}
      </AppBar>
      <MenuRail navGroups={navGroups} adminId={adminId} expanded={railExpanded} />
      {!wide ? <MenuOverlay navGroups={navGroups} adminId={adminId} open={overlayOpen} onClose={closeMenu} /> : null}
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={mainSx}>
        <Toolbar />
        <Box sx={{ mb: 2 }}>
          <AppBreadcrumbs crumbs={breadcrumbs} />
        </Box>
        {children}
      </Box>
    </Box>
  );
}

const appBarSx = {
  zIndex: (theme: Theme) => theme.zIndex.drawer + 1,
  borderBottom: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
} as const;
const loadingBarSx = { position: 'absolute', bottom: 0, left: 0, right: 0, height: 3 } as const;
const mainSx = { flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, outline: 'none' } as const;
