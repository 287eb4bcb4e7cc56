import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ListColumn } from '../list-declaration';
import { alignOf } from './cells';
import { ColumnMenu, type MenuColumn } from './column-menu';

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

interface HeaderCellProps {
  column: ListColumn<never>;
  /** The drawn title (translated, the product named). */
  name: string;
  /** The column's sort: false when not sorted by it; undefined when the server cannot sort by it. */
  sorted: 'asc' | 'desc' | false | undefined;
  /** A click on the title: the other order, or the column's first. */
  onToggleSort: ((event: unknown) => void) | undefined;
  onSort(order: 'asc' | 'desc'): void;
  /** Every column as the menus see them (Manage columns). */
  menuColumns: readonly MenuColumn[];
  onShow(field: string, shown: boolean): void;
}

/**
 * A column's header: its title (a sort label when the server sorts by it, with `aria-sort`) and
 * its column menu (sort either way, hide, manage columns), shown on pointing or focus.
 */
export function HeaderCell({ column, name, sorted, onToggleSort, onSort, menuColumns, onShow }: HeaderCellProps) {
  const sortable = sorted !== undefined;
  const align = alignOf(column, 'header');
  const title = <span className="list-column-title">{name}</span>;
  return (
    <TableCell
      role="columnheader"
      // The header's name is the column's (its menu button's name would be part of it otherwise).
      aria-label={name}
      data-field={column.field}
      align={align}
      aria-sort={sortable ? (sorted ? ariaSort[sorted] : 'none') : undefined}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexDirection: align === 'right' ? 'row-reverse' : 'row' }}>
        <Box component="span" title={name} sx={{ display: 'flex', minWidth: 0 }}>
          {sortable ? (
            <TableSortLabel active={sorted !== false} direction={sorted || (column.sortingOrder?.[0] ?? 'asc')} onClick={onToggleSort}>
              {title}
            </TableSortLabel>
          ) : (
            title
          )}
        </Box>
        <ColumnMenu
          column={menuColumns.find((each) => each.field === column.field)!}
          columns={menuColumns}
          sortOrders={sortable ? (column.sortingOrder ?? ['asc', 'desc']) : undefined}
          onSort={onSort}
          onShow={onShow}
        />
      </Box>
    </TableCell>
  );
}
