import { createContext, useContext } from 'react';
import type { BalancesResult } from '../lib/balance-states';

const idle: BalancesResult = { data: undefined, isError: false, isFetching: false, refetch: () => undefined };

/** The shown page's balances query, for the grid's balance cells (the columns themselves stay constant). */
export const BalancesContext = createContext<BalancesResult>(idle);

export function usePageBalances(): BalancesResult {
  return useContext(BalancesContext);
}
