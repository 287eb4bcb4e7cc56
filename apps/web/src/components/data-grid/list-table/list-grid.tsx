import LinearProgress from '@mui/material/LinearProgress';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useNavigate } from 'react-router';
import type { ListCallQuery, Numbered } from '@/lib/list-call';
import type { ListColumn, ListRow } from '../list-declaration';
import type { BaseListQuery } from '../list-url';
import type { List } from '../use-list';
import { HeaderCell } from './header-cell';
import { ListPagination } from './list-pagination';
import { useRowEvents } from './row-events';
import { gridBoxSx, progressSx, tableSx } from './styles';
import { TableBody } from './table-body';
import { useTableModel } from './use-table-model';

interface ListGridProps<Query extends BaseListQuery & ListCallQuery, Row extends ListRow> {
  list: List<Query, Row, unknown>;
  /** The list's id: where its column choices are remembered. */
  listId: string;
  columns: readonly ListColumn<Numbered<Row>>[];
  product: string;
  /** The table's accessible name. */
  label: string;
  /** Said in the one row of an empty list. */
  emptyText: string;
  detailHref: ((row: Numbered<Row>) => string) | undefined;
}

/**
 * The grid of a list: the header row, the page's rows and the pager, in a box that keeps a full
 * page's height while the first page loads; `role="grid"` with `aria-rowcount` / `aria-rowindex`
 * across pages. TanStack Table holds the columns' model; MUI's table draws it.
 */
export function ListGrid<Query extends BaseListQuery & ListCallQuery, Row extends ListRow>({
  list,
  listId,
  columns,
  product,
  label,
  emptyText,
  detailHref,
}: ListGridProps<Query, Row>) {
  const navigate = useNavigate();
  const { measure, ...model } = useTableModel(list, listId, columns, product);
  const events = useRowEvents<Row>(detailHref ? (row) => void navigate(detailHref(row)) : undefined);
  const { result } = list;
  // Every row of the list, on all its pages (-1: not known yet).
  const rowCount = list.total ?? -1;
  return (
    <Paper ref={measure} variant="outlined" sx={gridBoxSx(result.isPending, list.pageSize)}>
      {result.isFetching ? <LinearProgress sx={progressSx} /> : null}
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          role="grid"
          aria-label={label}
          aria-busy={result.isFetching}
          // With the header row; each row says where it stands.
          aria-rowcount={rowCount >= 0 ? rowCount + 1 : -1}
          sx={tableSx(
            model.widths.reduce((sum, each) => sum + each, 0),
            detailHref !== undefined,
          )}
        >
          <colgroup>
            {model.shownColumns.map((column, i) => (
              <col key={column.field} style={{ width: model.widths[i] }} />
            ))}
          </colgroup>
          <TableHead>
            <TableRow role="row" aria-rowindex={1}>
              {model.headers.map((header) => (
                <HeaderCell
                  key={header.column.field}
                  column={header.column}
                  name={header.name}
                  sorted={header.sorted}
                  onToggleSort={header.onToggleSort}
                  onSort={(order) => list.setSort(header.column.field as Query['sort'], order)}
                  menuColumns={model.menuColumns}
                  onShow={model.showColumn}
                />
              ))}
            </TableRow>
          </TableHead>
          <TableBody
            rows={model.rows}
            columns={model.shownColumns}
            firstIndex={list.page * list.pageSize}
            events={events}
            empty={result.isPending ? null : emptyText}
          />
        </Table>
      </Box>
      <ListPagination
        count={rowCount}
        page={Math.min(list.page, list.lastPage ?? Infinity)}
        pageSize={list.pageSize}
        onChange={(model) => list.setPagination(model)}
      />
    </Paper>
  );
}
