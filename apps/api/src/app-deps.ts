import type { Config } from './config/config';
import type { Database } from './db/client';

/** What route modules get from the app: the database and the validated configuration. */
export interface AppDeps {
  db: Database;
  config: Config;
}
