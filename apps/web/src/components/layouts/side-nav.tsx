import { Fragment, memo, useId } from 'react';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { visuallyHidden } from '@/lib/visually-hidden';
import { Link as RouterLink, useLocation } from 'react-router';
import { useMenuFolds } from './menu-folds';
import { activeHrefIn, type NavGroup, type NavItem } from './navigation';

interface SideNavProps {
  groups: readonly NavGroup[];
  /** Icons only, each with its label as a tooltip. */
  collapsed: boolean;
  /** The signed-in admin, whose folded groups are remembered; without one no group folds. */
  adminId: number | undefined;
  onNavigate?: () => void;
}

/*
 * Rows are compact (30 px an item, 30 px a group's header) so that every item of every group, all
 * open, fits a 1280 x 720 screen below the top bar with room for the screens still to come (18
 * items in all); groups fold for an admin who wants less. e2e/side-menu.e2e.test.ts checks it.
 */
const ITEM_HEIGHT = 28;
const GROUP_HEADER_HEIGHT = 30;

/**
 * The menu: a header per group, which folds the group (remembered per admin), and the items with
 * the current page's highlighted. The group holding the current page is always open. The icon rail
 * shows every item: its groups do not fold.
 */
export function SideNav({ groups, collapsed, adminId, onNavigate }: SideNavProps) {
  const { pathname } = useLocation();
  const [folded, setFolded] = useMenuFolds(adminId);
  return (
    <>
      {groups.map((group, index) => {
        // Only a group whose highlighted item or fold changes is drawn again on a navigation.
        const selectedHref = activeHrefIn(group, pathname);
        const foldable = adminId !== undefined && !collapsed && selectedHref === undefined;
        return (
          <Fragment key={group.key}>
            {collapsed && index > 0 ? <Divider sx={{ my: 0.5 }} /> : null}
            <NavGroupList
              group={group}
              collapsed={collapsed}
              onNavigate={onNavigate}
              selectedHref={selectedHref}
              foldable={foldable}
              open={!foldable || !folded.has(group.key)}
              onFold={setFolded}
            />
          </Fragment>
        );
      })}
    </>
  );
}

interface NavGroupListProps {
  group: NavGroup;
  collapsed: boolean;
  onNavigate: (() => void) | undefined;
  selectedHref: string | undefined;
  /** Its header is a button that folds and opens it. */
  foldable: boolean;
  open: boolean;
  onFold: (group: string, folded: boolean) => void;
}

const headerTextSx = { fontWeight: 700, letterSpacing: 0.4, textTransform: 'uppercase', fontSize: 12, lineHeight: 1 } as const;

const NavGroupList = memo(function NavGroupList({ group, collapsed, onNavigate, selectedHref, foldable, open, onFold }: NavGroupListProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const itemsId = `${id}-items`;
  let header;
  if (collapsed) {
    header = (
      <Typography id={headingId} sx={visuallyHidden}>
        {group.label}
      </Typography>
    );
  } else if (foldable) {
    header = (
      <ListItemButton
        component="button"
        id={headingId}
        aria-expanded={open}
        aria-controls={itemsId}
        onClick={() => onFold(group.key, open)}
        sx={{ width: 'calc(100% - 16px)', minHeight: GROUP_HEADER_HEIGHT, mx: 1, py: 0, px: 2, borderRadius: 2, color: 'text.secondary' }}
      >
        <ListItemText primary={group.label} sx={{ my: 0 }} slotProps={{ primary: { sx: headerTextSx } }} />
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </ListItemButton>
    );
  } else {
    // The current page's group: always open, so its header is a plain label.
    header = (
      <Typography
        id={headingId}
        color="text.secondary"
        sx={{ ...headerTextSx, display: 'flex', alignItems: 'center', minHeight: GROUP_HEADER_HEIGHT, mx: 1, px: 2 }}
      >
        {group.label}
      </Typography>
    );
  }
  return (
    <>
      {header}
      <Collapse in={open} id={itemsId}>
        <List dense disablePadding aria-labelledby={headingId}>
          {group.items.map((item) => (
            <NavListItem key={item.href} item={item} selected={item.href === selectedHref} collapsed={collapsed} onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
});

interface NavListItemProps {
  item: NavItem;
  selected: boolean;
  collapsed: boolean;
  onNavigate: (() => void) | undefined;
}

const NavListItem = memo(function NavListItem({ item, selected, collapsed, onNavigate }: NavListItemProps) {
  return (
    // A list holds list items only (axe 'list'): the link sits in its own <li>.
    <li>
      <Tooltip title={collapsed ? item.label : ''} placement="right">
        <ListItemButton
          component={RouterLink}
          to={item.href}
          selected={selected}
          aria-current={selected ? 'page' : undefined}
          onClick={onNavigate}
          sx={(theme) => ({
            minHeight: ITEM_HEIGHT,
            mx: 1,
            my: '1px',
            py: 0,
            borderRadius: 2,
            px: collapsed ? 1.5 : 2,
            justifyContent: collapsed ? 'center' : 'flex-start',
            '&.Mui-selected, &.Mui-selected:hover': {
              backgroundColor: alpha(theme.palette.primary.main, 0.22),
              fontWeight: 700,
              boxShadow: `inset 3px 0 0 ${theme.palette.primary.dark}`,
            },
          })}
        >
          <ListItemIcon
            sx={{ minWidth: 0, mr: collapsed ? 0 : 2, color: selected ? 'primary.dark' : 'text.secondary', '& svg': { fontSize: 20 } }}
          >
            {item.icon}
          </ListItemIcon>
          <ListItemText
            primary={item.label}
            sx={collapsed ? visuallyHidden : { my: 0 }}
            slotProps={{ primary: { noWrap: true, sx: { fontWeight: selected ? 700 : 500 } } }}
          />
        </ListItemButton>
      </Tooltip>
    </li>
  );
});
