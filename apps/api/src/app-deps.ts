import type { Config } from './config/config';
import type { Database } from './db/client';
import type { ChainServices } from './modules/chain';

/** What route modules get from the app: the database, the validated configuration and the chain. */
export interface AppDeps {
  db: Database;
  config: Config;
  /**
   * The chain's reader and watcher once they run (they start after the demo data is seeded, and
   * may be down): routes answer "unavailable" for balances while this gives undefined.
   */
  chain?: () => ChainServices | undefined;
}
