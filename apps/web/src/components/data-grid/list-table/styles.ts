import type { SxProps, Theme } from '@mui/material/styles';

/** Header, row and pager heights, in px, with the box's borders (a full page's height is kept while the first one loads). */
const headerPx = 56;
export const rowPx = 52;
const footerPx = 54;

/** The box around the grid; until the first page arrives, `pageSize` rows high. */
export const gridBoxSx = (firstLoad: boolean, pageSize: number): SxProps<Theme> => ({
  width: '100%',
  overflow: 'hidden',
  position: 'relative',
  // The pager at the bottom of the box: while the first page loads it already stands where the rows will end.
  display: 'flex',
  flexDirection: 'column',
  '& > .MuiTablePagination-root': { mt: 'auto' },
  // Until the first page arrives, the height of a full page: the rows then fill the space instead of pushing the page down (Lighthouse CLS).
  ...(firstLoad ? { minHeight: headerPx + pageSize * rowPx + footerPx } : {}),
});

/** Only a sign that a page is on its way: a click there is the row's. */
export const progressSx: SxProps<Theme> = { position: 'absolute', top: headerPx, left: 0, right: 0, zIndex: 1, pointerEvents: 'none' };

/** The table: fixed columns, one line per cell, header titles of two lines at most, menus shown on pointing. */
export const tableSx = (minWidth: number, rowsOpen: boolean): SxProps<Theme> => ({
  tableLayout: 'fixed',
  width: '100%',
  minWidth,
  '& .MuiTableCell-root': {
    px: 1,
    py: 0,
    fontSize: '0.8125rem',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .MuiTableCell-head': { height: headerPx, fontWeight: 500 },
  // A title longer than its column (Indonesian at 1280 px: 'Tanggal Permintaan') takes a second line, which the
  // header's height has room for, and only then an ellipsis; the sort arrow beside it never shrinks.
  '& .list-column-title': {
    minWidth: 0,
    overflow: 'hidden',
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
  },
  '& .MuiTableSortLabel-root': { minWidth: 0 },
  // 2 px from the title (4 px each side by default): 'Request Date' and its arrow fit at 1280 px.
  '& .MuiTableSortLabel-icon': { flexShrink: 0, ml: '2px', mr: 0 },
  '& .MuiTableCell-body': { height: rowPx },
  // A header's menu button takes room only while the header is pointed at or the button has the focus:
  // the header's text keeps the column's whole width otherwise.
  '& .list-column-menu': { width: 0, overflow: 'hidden', opacity: 0, p: 0 },
  // Likewise the arrow of a column not sorted by (shown on pointing, as the sort a click would give).
  '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': { width: 0, mx: 0 },
  '& .MuiTableCell-head:hover .MuiTableSortLabel-icon': { width: '1em', ml: '2px' },
  '& .MuiTableCell-head:hover .list-column-menu, & .list-column-menu:focus-visible, & .list-column-menu[aria-expanded="true"]': {
    width: 'auto',
    opacity: 1,
    p: 0.25,
  },
  ...(rowsOpen ? { '& tbody tr[data-id]': { cursor: 'pointer' } } : {}),
});
