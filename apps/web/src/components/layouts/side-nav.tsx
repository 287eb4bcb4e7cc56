import { Fragment, memo } from 'react';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import { alpha } from '@mui/material/styles';
import { visuallyHidden } from '@/lib/visually-hidden';
import { Link as RouterLink, useLocation } from 'react-router';
import { isNavItemActive, type NavGroup, type NavItem } from './navigation';

interface SideNavProps {
  groups: readonly NavGroup[];
  /** Icons only, each with its label as a tooltip. */
  collapsed: boolean;
  onNavigate?: () => void;
}

/** The menu: groups with subheaders, the current page's item highlighted. */
export function SideNav({ groups, collapsed, onNavigate }: SideNavProps) {
  const { pathname } = useLocation();
  return (
    <>
      {groups.map((group, index) => (
        <Fragment key={group.label}>
          {index > 0 ? <Divider sx={{ my: 1 }} /> : null}
          <NavGroupList
            group={group}
            collapsed={collapsed}
            onNavigate={onNavigate}
            // Only a group whose highlighted item changes is drawn again on a navigation.
            selectedHref={group.items.find((item) => isNavItemActive(item, pathname))?.href}
          />
        </Fragment>
      ))}
    </>
  );
}

interface NavGroupListProps {
  group: NavGroup;
  collapsed: boolean;
  onNavigate: (() => void) | undefined;
  selectedHref: string | undefined;
}

const NavGroupList = memo(function NavGroupList({ group, collapsed, onNavigate, selectedHref }: NavGroupListProps) {
  const headingId = `nav-group-${group.label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <List
      dense
      aria-labelledby={headingId}
      subheader={
        <ListSubheader
          id={headingId}
          disableSticky
          sx={
            collapsed
              ? visuallyHidden
              : { lineHeight: '36px', fontWeight: 700, letterSpacing: 0.4, textTransform: 'uppercase', fontSize: 12 }
          }
        >
          {group.label}
        </ListSubheader>
      }
    >
      {group.items.map((item) => (
        <NavListItem key={item.href} item={item} selected={item.href === selectedHref} collapsed={collapsed} onNavigate={onNavigate} />
      ))}
    </List>
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
            minHeight: 44,
            mx: 1,
            my: 0.25,
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
          <ListItemIcon sx={{ minWidth: 0, mr: collapsed ? 0 : 2, color: selected ? 'primary.dark' : 'text.secondary' }}>
            {item.icon}
          </ListItemIcon>
          <ListItemText
            primary={item.label}
            sx={collapsed ? visuallyHidden : undefined}
            slotProps={{ primary: { noWrap: true, sx: { fontWeight: selected ? 700 : 500 } } }}
          />
        </ListItemButton>
      </Tooltip>
    </li>
  );
});
