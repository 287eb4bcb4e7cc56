import type { StockReceiptBody } from '@gold/contract';
import { useProposeMovement } from './propose-movement';

/** POST /admin/vault/receipts: pieces of one denomination arriving at a location, sent for confirmation. */
export const useReceiveStock = () => useProposeMovement<StockReceiptBody>('/admin/vault/receipts');
