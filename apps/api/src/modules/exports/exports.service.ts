import type { PurchaseRow, Transaction, CustomerListItem } from '@gold/contract';
import type { CsvList } from './csv-download';

/** The columns of each export: the list's field names, in the list's JSON order. */
export const exportColumns = {
  users: ['id', 'fullName', 'email', 'emailStatus', 'dob', 'gender', 'province', 'ekycStatus', 'walletAddress', 'createdAt'],
  transactions: ['id', 'txhash', 'logIndex', 'from', 'to', 'date', 'amount', 'status'],
  orders: ['id', 'userId', 'fullname', 'NIK', 'email', 'WIBdate', 'amount', 'price', 'createdAt'],
} as const satisfies {
  users: readonly (keyof CustomerListItem)[];
  transactions: readonly (keyof Transaction)[];
  orders: readonly (keyof PurchaseRow)[];
};

const wibDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' });

/** `transactions-2026-11-23.csv`: the list and the day of the export in WIB, the console's time zone. */
export function exportFileName(list: CsvList, now: Date = new Date()): string {
  return `${list}-${wibDate.format(now)}.csv`;
}

/**
 * The audit entry's details of an export: the list and its filters, with no personal data: a search
 * text (a name, an e-mail, a NIK, an address) is recorded only as having been given.
 */
export function exportAuditDetails(list: CsvList, query: Record<string, unknown>): Record<string, unknown> {
  const { search, ...filters } = query;
  return { list, filters: { ...filters, searched: search !== undefined && search !== '' } };
}
