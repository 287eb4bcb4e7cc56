import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Readable, Writable } from 'node:stream';

/** anvil's own default mnemonic: the same dev accounts (and so the same addresses) every start. */
const demoMnemonic = 'test test test test test test test test test test test junk';

/** The platform packages @foundry-rs/anvil installs its binary from (one per OS and CPU). */
const platformPackages: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/**
 * The anvil binary of the installed @foundry-rs/anvil. Resolved through its platform package
 * (as the package's own launcher does) and run directly: the launcher is a second Node
 * process that would sit between us and anvil.
 */
function anvilBinaryPath(): string {
  const key = `${process.platform}-${process.arch}`;
  const pkg = platformPackages[key];
  if (!pkg) throw new Error(`anvil: no @foundry-rs/anvil binary for ${key}`);
  const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const require = createRequire(import.meta.url);
  let path: string;
  try {
    path = require.resolve(`${pkg}/bin/${binary}`);
  } catch {
    throw new Error(`anvil: ${pkg} is not installed (it is an optional dependency of @foundry-rs/anvil; run npm install)`);
  }
  if (!existsSync(path)) throw new Error(`anvil: ${path} is missing`);
  return path;
}

export interface AnvilOptions {
  chainId?: number;
  /** Listen address; loopback by default so the demo node is not reachable from the network. */
  host?: string;
  /** 0 (default) lets anvil pick a free port, which it then prints. */
  port?: number;
  mnemonic?: string;
  /** Genesis block time (Unix seconds); lets a demo history start in the past. */
  genesisTimestamp?: number;
  binaryPath?: string;
  extraArgs?: string[];
  /** How long start-up may take before it is abandoned. */
  startTimeoutMs?: number;
}

export interface AnvilProcess {
  rpcUrl: string;
  /** anvil's own process id. */
  pid: number;
  /** Ends anvil and waits for it; safe to call more than once. */
  stop(): Promise<void>;
  /** Resolves when anvil has exited, whoever ended it. */
  readonly exited: Promise<void>;
}

/**
 * A watchdog between us and anvil (POSIX): it starts anvil and prints its pid; a subshell
 * reads its stdin, a pipe from this process, and kills anvil when the pipe closes: when we
 * stop it, or when this process dies in any way (even SIGKILL: the kernel closes the pipe).
 * So no anvil outlives the API, and an anvil that dies on its own ends the watchdog too.
 */
const watchdog = [
  'exec 3<&0',
  '"$@" </dev/null & pid=$!',
  'echo "anvil-pid $pid"',
  '( while read -r line; do :; done; kill "$pid" 2>/dev/null ) <&3 & guard=$!',
  'trap \'kill "$pid" 2>/dev/null; wait "$pid"; kill "$guard" 2>/dev/null; exit 143\' TERM INT HUP',
  'wait "$pid"; status=$?',
  'kill "$guard" 2>/dev/null',
  'exit "$status"',
].join('\n');

/** Starts anvil on a free loopback port and resolves once it listens. */
export async function spawnAnvil(options: AnvilOptions = {}): Promise<AnvilProcess> {
  const binary = options.binaryPath ?? anvilBinaryPath();
  const args = [
    '--host',
    options.host ?? '127.0.0.1',
    '--port',
    String(options.port ?? 0),
    '--chain-id',
    String(options.chainId ?? 137),
    '--mnemonic',
    options.mnemonic ?? demoMnemonic,
    ...(options.genesisTimestamp === undefined ? [] : ['--timestamp', String(options.genesisTimestamp)]),
    ...(options.extraArgs ?? []),
  ];
  const direct = process.platform === 'win32';
  const child: ChildProcessByStdio<Writable, Readable, Readable> = direct
    ? spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true })
    : spawn('/bin/sh', ['-c', watchdog, 'anvil-watchdog', binary, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderrTail = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-2000);
  });
  // anvil logs every request on stdout; it is read only up to "Listening on", then drained
  // (a full pipe would block anvil).
  let stdout = '';
  let anvilPid = direct ? child.pid : undefined;

  const onParentExit = () => {
    if (anvilPid !== undefined) {
      try {
        process.kill(anvilPid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', onParentExit);

  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin.end();
      if (direct) child.kill();
      const timer = setTimeout(() => {
        onParentExit();
        child.kill('SIGKILL');
      }, 5000);
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', onParentExit);
  };

  const rpcUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('anvil did not start listening in time')), options.startTimeoutMs ?? 30_000);
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      void kill().then(() => reject(error));
    };
    const onData = (chunk: Buffer) => {
      stdout += chunk.toString();
      const pidMatch = /^anvil-pid (\d+)$/m.exec(stdout);
      if (pidMatch) anvilPid = Number(pidMatch[1]);
      const listening = /Listening on (\S+)/.exec(stdout);
      if (listening && anvilPid !== undefined && !settled) {
        settled = true;
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stdout.resume();
        stdout = '';
        resolve(`http://${listening[1]}`);
      }
    };
    child.stdout.on('data', onData);
    child.once('error', (error) => fail(new Error(`anvil could not be started: ${error.message}`)));
    void exited.then(() => fail(new Error(`anvil exited during start-up: ${stderrTail.trim() || 'no message'}`)));
  });
  child.stderr.resume();

  let stopping: Promise<void> | undefined;
  return {
    rpcUrl,
    pid: anvilPid!,
    exited,
    stop: () => (stopping ??= kill()),
  };
}
