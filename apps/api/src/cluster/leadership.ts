import type { Client } from 'pg';
import { wakeableSleep } from '../lib/wakeable-sleep';

/** Something started on taking the lead and stopped on losing it (the transfer watcher, say). */
interface LeaderTask {
  stop(): Promise<void>;
}

/** A task's logger: the slice of pino this module writes to. */
interface LeadershipLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Exactly one API process among those on one database leads, and work that must run once
 * (the transfer watcher; later whatever else must not run twice) runs there only:
 *
 *   leadership.whileLeading('transfer watcher', async () => startTransferWatcher(...));
 *
 * The task starts when this process takes the lead (at once if it leads already) and is
 * stopped when it loses it or closes.
 */
export interface Leadership {
  /** True while this process leads. */
  readonly leading: boolean;
  whileLeading(name: string, start: () => Promise<LeaderTask> | LeaderTask): void;
  /** Stops the tasks, then lets the lead go: another process takes it at its next try. */
  close(): Promise<void>;
}

interface Registered {
  name: string;
  start: () => Promise<LeaderTask> | LeaderTask;
  running?: Promise<LeaderTask | undefined>;
}

function taskRunner(log: LeadershipLogger) {
  const tasks: Registered[] = [];
  const startOne = (task: Registered) => {
    task.running = Promise.resolve()
      .then(task.start)
      .catch((error: unknown) => {
        log.error({ err: error, task: task.name }, `leader task ${task.name} did not start`);
        return undefined;
      });
  };
  return {
    tasks,
    startAll: () => tasks.forEach(startOne),
    startOne,
    /** Stops every running task, newest first. */
    async stopAll() {
      for (const task of [...tasks].reverse()) {
        const running = task.running;
        task.running = undefined;
        const started = await running;
        await started
          ?.stop()
          .catch((error: unknown) => log.error({ err: error, task: task.name }, `leader task ${task.name} did not stop cleanly`));
      }
    },
  };
}

/** One process on its own database (PGlite, which allows one process per folder): it always leads. */
export function soleLeadership(log: LeadershipLogger = { info() {}, warn() {}, error() {} }): Leadership {
  const runner = taskRunner(log);
  let closed = false;
  return {
    get leading() {
      return !closed;
    },
    whileLeading(name, start) {
      const task: Registered = { name, start };
      runner.tasks.push(task);
      if (!closed) runner.startOne(task);
    },
    async close() {
      closed = true;
      await runner.stopAll();
    },
  };
}

export interface PostgresLeadershipOptions {
  /** The database every API process shares. */
  databaseUrl: string;
  /** The advisory lock's name: processes with the same name compete for the same lead. */
  lockName?: string;
  /** How often a follower tries to take the lead, and the leader checks its connection (default 1 s). */
  pollMs?: number;
  log?: LeadershipLogger;
}

/**
 * Leadership by a PostgreSQL session-level advisory lock, held on a connection of its own (never
 * a pool's, which would hand the lock to whichever request got that connection next). A
 * follower tries `pg_try_advisory_lock` every `pollMs`; the leader checks its connection as
 * often. PostgreSQL releases the lock when the session ends, so a leader that dies (even by
 * SIGKILL: its socket closes) is followed within about one poll. A leader whose connection
 * fails stops its tasks at once: another process may be leading by then, and the tasks' own
 * writes are idempotent or guarded (the watcher's cursor only moves from the value it read).
 */
export function postgresLeadership(options: PostgresLeadershipOptions): Leadership {
  const log = options.log ?? { info() {}, warn() {}, error() {} };
  const lockName = options.lockName ?? 'gold-back-office:leader';
  const pollMs = options.pollMs ?? 1000;
  const runner = taskRunner(log);
  let client: Client | undefined;
  let leading = false;
  let closed = false;
  let reportedFailure = false;
  /** Tasks still stopping after a lost lead: they end before the lead can be taken again. */
  let stopping: Promise<void> = Promise.resolve();

  const { sleep, wake } = wakeableSleep();

  async function connect(): Promise<Client> {
    const { default: pg } = await import('pg');
    const created = new pg.Client({
      connectionString: options.databaseUrl,
      keepAlive: true,
      connectionTimeoutMillis: Math.max(2000, pollMs * 2),
      query_timeout: Math.max(2000, pollMs * 2),
      application_name: 'gold-back-office leadership',
    });
    // The connection failing means the lock is gone (or soon will be): give the lead up now.
    created.on('error', () => void lose('its database connection failed'));
    created.on('end', () => void lose('its database connection ended'));
    await created.connect();
    return created;
  }

  async function lose(reason: string) {
    const lost = client;
    client = undefined;
    lost?.end().catch(() => {});
    if (!leading) return;
    leading = false;
    log.warn({ reason }, `leadership lost (${reason}): stopping ${runner.tasks.map((t) => t.name).join(', ') || 'nothing'}`);
    wake();
    stopping = runner.stopAll();
    await stopping;
  }

  const loop = (async () => {
    while (!closed) {
      try {
        client ??= await connect();
        if (!leading) {
          await stopping;
          const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as locked', [
            lockName,
          ]);
          if (rows[0]?.locked && !closed) {
            leading = true;
            log.info(
              { lock: lockName },
              `leadership taken: this process runs ${runner.tasks.map((t) => t.name).join(', ') || 'the leader-only work'}`,
            );
            runner.startAll();
          }
        } else {
          await client.query('select 1');
        }
        reportedFailure = false;
      } catch (error) {
        if (!reportedFailure) log.warn({ err: (error as Error).message }, 'leadership: cannot reach the database; trying again');
        reportedFailure = true;
        await lose('its database connection failed');
      }
      if (!closed) await sleep(pollMs);
    }
  })();

  return {
    get leading() {
      return leading;
    },
    whileLeading(name, start) {
      const task: Registered = { name, start };
      runner.tasks.push(task);
      if (leading) runner.startOne(task);
    },
    async close() {
      closed = true;
      wake();
      await loop;
      leading = false;
      await runner.stopAll();
      // Ending the session releases the lock: a follower takes the lead at its next try.
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
