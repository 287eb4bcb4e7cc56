import { useId, useState } from 'react';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';

/** A column as its menu sees it: its drawn header, and whether it can be hidden. */
export interface MenuColumn {
  field: string;
  label: string;
  shown: boolean;
  hideable: boolean;
}

interface ColumnMenuProps {
  column: MenuColumn;
  /** Every column of the list, for Manage columns. */
  columns: readonly MenuColumn[];
  /** The column's sort orders when it sorts (the first is the one a header click gives first). */
  sortOrders?: readonly ('asc' | 'desc')[] | undefined;
  onSort: (order: 'asc' | 'desc') => void;
  onShow: (field: string, shown: boolean) => void;
}

/**
 * A header's menu: sort either way (a sortable column), hide the column, or manage which columns
 * the list shows (each a checkbox; the row's own actions cannot be hidden).
 */
export function ColumnMenu({ column, columns, sortOrders, onSort, onShow }: ColumnMenuProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const buttonId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [managing, setManaging] = useState(false);
  // The menu is drawn from its first opening on (then kept, for its closing transition): a list has
  // a menu per column, and a closed one would otherwise be drawn with every render of the table.
  const [opened, setOpened] = useState(false);
  const close = () => {
    setAnchor(null);
    setManaging(false);
  };

  const items = !opened
    ? null
    : managing
      ? columns.map((each) => (
          <MenuItem
            key={each.field}
            role="menuitemcheckbox"
            aria-checked={each.shown}
            disabled={!each.hideable}
            onClick={() => onShow(each.field, !each.shown)}
            dense
          >
            <ListItemIcon>
              <Checkbox
                edge="start"
                size="small"
                checked={each.shown}
                tabIndex={-1}
                disableRipple
                slotProps={{ input: { 'aria-hidden': true } }}
              />
            </ListItemIcon>
            <ListItemText>{each.label}</ListItemText>
          </MenuItem>
        ))
      : [
          ...(sortOrders ?? []).map((order) => (
            <MenuItem
              key={order}
              onClick={() => {
                onSort(order);
                close();
              }}
            >
              {order === 'asc' ? t('Sort ascending') : t('Sort descending')}
            </MenuItem>
          )),
          column.hideable ? (
            <MenuItem
              key="hide"
              onClick={() => {
                onShow(column.field, false);
                close();
              }}
            >
              {t('Hide column')}
            </MenuItem>
          ) : null,
          <MenuItem key="manage" onClick={() => setManaging(true)}>
            {t('Manage columns')}
          </MenuItem>,
        ];

  return (
    <>
      <IconButton
        id={buttonId}
        className="list-column-menu"
        size="small"
        aria-label={t('{{column}} column menu', { column: column.label })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => {
          event.stopPropagation();
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ ml: 0.25, flexShrink: 0 }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      {opened ? (
        <Menu
          id={menuId}
          anchorEl={anchor}
          open={anchor !== null}
          onClose={close}
          slotProps={{ list: { dense: true, 'aria-labelledby': buttonId } }}
        >
          {items}
        </Menu>
      ) : null}
    </>
  );
}
