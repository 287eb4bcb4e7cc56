import TablePagination from '@mui/material/TablePagination';
import { pageSizes } from '@gold/contract';

interface ListPaginationProps {
  /** Rows in all; -1 before the first answer (MUI's "unknown"). */
  count: number;
  page: number;
  pageSize: number;
  onChange(model: { page: number; pageSize: number }): void;
}

/** The pager under the rows: the page sizes of the spec (10, 25, 100); a new size starts again on the first page. */
export function ListPagination({ count, page, pageSize, onChange }: ListPaginationProps) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_event, next) => onChange({ page: next, pageSize })}
      onRowsPerPageChange={(event) => onChange({ page: 0, pageSize: Number(event.target.value) })}
    />
  );
}
