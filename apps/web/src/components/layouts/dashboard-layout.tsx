import { useState, type ReactNode } from 'react';
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

/**
 * The signed-in frame: top bar (menu toggle, page title, admin, logout), the side menu
 * (300 px open, icons only when collapsed) and the page with its breadcrumbs.
 */
export function DashboardLayout({
  title,
  breadcrumbs,
  navGroups,
  adminName,
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
  const overlayOpen = open && !wide;
  const railExpanded = open && wide;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
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
      <AppBar
        position="fixed"
        sx={{ zIndex: theme.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        <Toolbar sx={{ gap: 1.5 }}>
          <IconButton
            edge="start"
            aria-label={t('toggle menu')}
            aria-controls={MENU_ID}
            aria-expanded={open}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <MenuOpenIcon /> : <MenuIcon />}
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
        {busy ? (
          <LinearProgress aria-label={t('Loading page')} sx={{ position: 'absolute', bottom: 0, left: 0, right: 0, height: 3 }} />
        ) : null}
      </AppBar>

      <Drawer
        variant="permanent"
        id={MENU_ID}
        sx={{
          width: railExpanded ? DRAWER_WIDTH_OPEN : DRAWER_WIDTH_COLLAPSED,
          flexShrink: 0,
          whiteSpace: 'nowrap',
          transition: drawerWidthTransition(theme, railExpanded),
        }}
        slotProps={{
          paper: {
            sx: {
              width: railExpanded ? DRAWER_WIDTH_OPEN : DRAWER_WIDTH_COLLAPSED,
              overflowX: 'hidden',
              transition: drawerWidthTransition(theme, railExpanded),
              boxSizing: 'border-box',
            },
          },
        }}
      >
        <Toolbar />
        <Box component="nav" aria-label={t('Main menu')} sx={{ py: 1 }}>
          <SideNav groups={navGroups} collapsed={!railExpanded} />
        </Box>
      </Drawer>

      {!wide ? (
        <Drawer
          variant="temporary"
          open={overlayOpen}
          onClose={() => setOpen(false)}
          slotProps={{ paper: { sx: { width: DRAWER_WIDTH_OPEN, maxWidth: '85vw' } } }}
        >
          <Toolbar />
          <Box component="nav" aria-label={t('Main menu')} sx={{ py: 1 }}>
            <SideNav groups={navGroups} collapsed={false} onNavigate={() => setOpen(false)} />
          </Box>
        </Drawer>
      ) : null}

      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, outline: 'none' }}>
        <Toolbar />
        <Box sx={{ mb: 2 }}>
          <AppBreadcrumbs crumbs={breadcrumbs} />
        </Box>
        {children}
      </Box>
    </Box>
  );
}
