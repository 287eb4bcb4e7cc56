import type { StockCountBody } from '@gold/contract';
import { useProposeMovement } from './propose-movement';

/** POST /admin/vault/counts: a physical count of one denomination at one location, sent for confirmation. */
export const useCountStock = () => useProposeMovement<StockCountBody>('/admin/vault/counts');
