import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { SettlementAddresses } from './settlement-addresses';
import { runSettlementStep } from './settlement.service';

/**
 * The settlement step as a leader task (one process among those on the database): every
 * `intervalMs` it records new escrow deposits and acts on final ones. A failing step (the
 * database away, say) is logged and tried again at the next tick; each step is one
 * transaction, so a failure leaves nothing half done.
 */
export function startSettlementStep(options: {
  db: Database;
  settlement: SettlementAddresses;
  intervalMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = runSettlementStep(options.db, options.settlement)
      .then((result) => {
        if (result.confirmed || result.refunded || result.recorded) options.log.info({ settlement: result }, 'settlement step');
      })
      .catch((error: unknown) => options.log.warn({ err: error }, 'settlement step failed; trying again'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs);
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
