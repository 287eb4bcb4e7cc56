import type { BalancesResponse } from '@gold/contract';
import type { BalanceState } from '../components/balance-value';
import { isWalletAddress } from './wallets';

/** What the balances query tells a cell (a TanStack `useQuery` result fits). */
export interface BalancesResult {
  data: BalancesResponse | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export type BalanceKind = 'token' | 'native';

/**
 * One wallet's balance of one kind from the page's balances query: no wallet (or a malformed one)
 * is a dash; loading until the answer arrives (and while a retry runs); a failed read offers a retry
 * of the page's call.
 */
export function balanceState(result: BalancesResult, address: string | null | undefined, kind: BalanceKind): BalanceState {
  if (!isWalletAddress(address)) return { status: 'done', value: null };
  if (result.data) {
    const wanted = address.toLowerCase();
    const found = result.data.data.find((balance) => balance.address.toLowerCase() === wanted);
    if (found) return { status: 'done', value: found[kind].value };
  }
  if (result.isError) return result.isFetching ? { status: 'loading' } : { status: 'error', retry: () => void result.refetch() };
  return result.data ? { status: 'done', value: null } : { status: 'loading' };
}
