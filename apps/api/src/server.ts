import cluster from 'node:cluster';
import { setFlagsFromString } from 'node:v8';
import closeWithGrace from 'close-with-grace';
import { readyMessage, runCluster, shutdownMessage } from './cluster/cluster';
import { ConfigError, loadConfig } from './config/config';
import { startApi } from './start-up';

/**
 * The entry point: listens, and closes on SIGTERM or SIGINT once requests in flight are done.
 * Start-up is in start-up.ts; with WORKERS above 1 this process is the primary of cluster.ts
 * and each worker runs this file again.
 */
async function main() {
  // V8 lets the old space grow to about four times what survived the last full collection
  // before collecting again: a streamed CSV export of a million customers (some 60 MB live)
  // took the process from 170 to 345 MB resident with garbage alone. Half again as much keeps
  // it near 200 MB at no measurable cost in time (docs/benchmarks.md).
  setFlagsFromString('--heap-growing-percent=50');
  const config = loadConfig();
  if (cluster.isPrimary && config.WORKERS > 1) return runCluster(config);

  const { app, stop } = await startApi(config, { prepared: cluster.isWorker });
  let closing = false;
  // SIGUSR2 (close-with-grace's by default) asks for a backup of the embedded database (db/backup.ts), not a shutdown.
  const closer = closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS, skip: ['SIGUSR2'] }, async ({ signal, err }) => {
    closing = true;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal: signal ?? 'asked by the primary' }, 'shutting down: finishing requests in flight');
    // Stops accepting connections and waits for requests in flight before the database closes.
    await app.close();
    await stop();
  });
  // A worker: the primary asks it to stop (shutdown, rolling restart); Ctrl-C may have asked already.
  process.on('message', (message) => {
    if (message === shutdownMessage && !closing) void closer.close();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
  // A worker tells the primary it serves (a rolling restart waits for this before stopping the next).
  if (cluster.isWorker) process.send?.(readyMessage);
}

main().catch((error: unknown) => {
  // A wrong setting (environment or first admin) names itself; anything else says start-up failed.
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
