import type { ComponentType, ReactNode } from 'react';
import type { BaseListQuery, ListQuerySchema } from './list-url';
import type { ListCall, ListCallQuery, Numbered } from '@/lib/list-call';

/** A list's row: its `id` keys it (the row's `data-id`, the detail it opens). */
export interface ListRow {
  id: number | string;
}

/** What a column's `renderCell` is given. */
interface ListCellParams<Row> {
  row: Row;
  /** The row's field, or what `valueGetter` made of it. */
  value: unknown;
  /** For a link or button in the cell: 0 in the row the keyboard is on, -1 in the others (one tab stop per list). */
  tabIndex: 0 | -1;
}

type Alignment = 'left' | 'center' | 'right';

/**
 * A list column. An `optional` one is hidden when the list is narrower than its columns (1 goes
 * first, then 2...): the others, the essential ones, then fit without sideways scrolling. The
 * column menu shows it again. Widths are in px: `width` is fixed, `flex` shares what is left
 * (never under `minWidth`, never over `maxWidth`).
 */
export interface ListColumn<Row> {
  field: string;
  /** An English text, translated where it is drawn. */
  headerName?: string;
  width?: number;
  flex?: number;
  minWidth?: number;
  maxWidth?: number;
  /** A number column: right-aligned. */
  type?: 'number';
  align?: Alignment;
  headerAlign?: Alignment;
  /** The order a first click on the header sorts in, then the other (default: ascending first). */
  sortingOrder?: readonly ('asc' | 'desc')[];
  /** false: always shown (the row's own actions). */
  hideable?: boolean;
  valueGetter?: (value: never, row: Row) => unknown;
  valueFormatter?: (value: never, row: Row) => string;
  renderCell?: (params: ListCellParams<Row>) => ReactNode;
  optional?: number;
}

interface SelectOption {
  value: string;
  label: string;
}

/** The choices of a select filter read from the server (the admins of the Audit Log). */
export interface SelectOptions {
  options: readonly SelectOption[];
  pending?: boolean;
  failed?: boolean;
}

/** A filter above a list, as data: its `name` is the contract's, and so the API's and the URL's (`search`, `status`). */
export type ListFilter =
  | {
      kind: 'text';
      name: string;
      /** The visible label, e.g. 'Search user'. */
      label: string;
      placeholder?: string;
      /** Said when the URL holds a text the contract refuses (it is then not sent). */
      refusedMessage?: (text: string) => string;
    }
  | {
      kind: 'select';
      name: string;
      label: string;
      /** The empty choice, e.g. 'All statuses'. */
      allLabel: string;
      options?: readonly SelectOption[];
      /** A hook giving the choices when they come from the server. */
      useOptions?: () => SelectOptions;
      /** The label of a value the URL names that is not among the choices (an admin deleted since). */
      unknownLabel?: (value: string) => string;
      minWidth?: number;
    }
  | { kind: 'dateRange'; from: string; to: string; fromLabel: string; toLabel: string };

/** The rows' name for counts and empty states: `{ one: 'user', other: 'users' }`. */
export interface ListNoun {
  one: string;
  other: string;
}

/** The lists the API exports: `GET /api/admin/export/<resource>.csv`. */
export type CsvExportResource = 'users' | 'transactions' | 'orders' | 'reserves' | 'reconciliation' | 'pieces';

/** What every list's columns may use. */
export interface ListContext {
  /** The {product} symbol, e.g. 'GIDR'. */
  product: string;
}

/**
 * A list screen as data: the contract's list query (sort whitelist, default sort, filters), the
 * API call, the filters, the columns and where a row's detail is. The screen's `useList(declaration)`
 * reads its state from the URL once; `ListTable` draws it (filters and grid), `CsvExportButton`
 * exports the same rows.
 */
export interface ListDeclaration<Query extends BaseListQuery & ListCallQuery, Row extends ListRow, Extra = object> {
  /** Names the list: the ids of its controls, and where its column choices are remembered. */
  id: string;
  /** The table's accessible name. */
  label: string | ((context: ListContext) => string);
  query: ListQuerySchema<Query>;
  call: ListCall<Query, Row>;
  noun: ListNoun;
  /** The heading of the error message, e.g. 'Error fetching users'. */
  errorTitle: string;
  filters?: readonly ListFilter[];
  /** The columns; those in the contract's sort whitelist are sortable, no other. */
  columns: (context: ListContext & Extra) => readonly ListColumn<Numbered<Row>>[];
  /** A row's detail page: a click on the row, or Enter on one of its cells, opens it. */
  detailHref?: (row: Numbered<Row>) => string;
  /** Around the grid, given the rows shown (the page's balances, read in one call). */
  RowsProvider?: ComponentType<{ rows: readonly Numbered<Row>[]; children: ReactNode }>;
  /** The export of the same rows (`CsvExportButton`). */
  exportResource?: CsvExportResource;
}

/** A list shown as cards (messages, denominations), paged on the server with the page in the URL. */
export interface CardListDeclaration<Query extends BaseListQuery & ListCallQuery, Row> {
  query: ListQuerySchema<Query>;
  call: ListCall<Query, Row>;
  /** Cards on a page. */
  pageSize: number;
  /** Names the spinner, e.g. 'Loading contacts'. */
  loadingLabel: string;
  /** Shown when there is nothing at all, e.g. 'No contact data yet!'. */
  emptyText: string;
  /** The pager's accessible name, e.g. 'Contact pages'. */
  pagesLabel: string;
  card: (row: Numbered<Row>) => ReactNode;
}

/** Declares a list (types only: it returns what it is given, checked and inferred). */
export function defineList<Query extends BaseListQuery & ListCallQuery, Row extends ListRow, Extra = object>(
  declaration: ListDeclaration<Query, Row, Extra>,
): ListDeclaration<Query, Row, Extra> {
  return declaration;
}

export function defineCardList<Query extends BaseListQuery & ListCallQuery, Row>(
  declaration: CardListDeclaration<Query, Row>,
): CardListDeclaration<Query, Row> {
  return declaration;
}
