import { useTranslation } from 'react-i18next';
import { useProductSymbol } from '@/lib/app-config';
import { balanceState, type BalanceKind } from '../lib/balance-states';
import { BalanceValue } from './balance-value';
import { usePageBalances } from './balances-context';

/** A User List cell with one wallet's {product} or POL balance, from the page's one balances call. */
export function BalanceCell({ address, kind, tabIndex }: { address: string | null; kind: BalanceKind; tabIndex?: 0 | -1 }) {
  const { t } = useTranslation();
  const product = useProductSymbol();
  const result = usePageBalances();
  const label = kind === 'token' ? t('{{product}} balance', { product }) : t('POL balance');
  return <BalanceValue state={balanceState(result, address, kind)} label={label} tabIndex={tabIndex} />;
}
