import { balanceState, type BalanceKind } from '../lib/balance-states';
import { BalanceValue } from './balance-value';
import { usePageBalances } from './balances-context';

/** A user list cell with one wallet's {product} or POL balance, from the page's one balances call. */
export function BalanceCell({
  address,
  kind,
  label,
  tabIndex,
}: {
  address: string | null;
  kind: BalanceKind;
  label: string;
  tabIndex?: 0 | -1;
}) {
  const result = usePageBalances();
  return <BalanceValue state={balanceState(result, address, kind)} label={label} tabIndex={tabIndex} />;
}
