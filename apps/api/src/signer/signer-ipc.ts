import type { ChildProcess } from 'node:child_process';
import { signerStoreMethods, type SignerStore } from './signer-store';

/**
 * The IPC bridge of a signer that is the API's child (PGlite: one process per data folder). The
 * child calls the store by message; the API runs the same store functions on its own database,
 * each one transaction, and answers. Messages use the 'advanced' serialization (dates, bigints).
 */

interface StoreCall {
  signerStore: 'call';
  call: number;
  method: (typeof signerStoreMethods)[number];
  args: unknown[];
}

interface StoreAnswer {
  signerStore: 'answer';
  call: number;
  result?: unknown;
  error?: string;
}

/** The parent asks its child to stop (it finishes its step, then exits). */
export const signerStopMessage = { signerStore: 'stop' } as const;

function isCall(message: unknown): message is StoreCall {
  const m = message as Partial<StoreCall> | null;
  return m?.signerStore === 'call' && typeof m.call === 'number' && signerStoreMethods.includes(m.method!) && Array.isArray(m.args);
}

/** The child's store: every call a message to the parent, answered in order of arrival. */
export function ipcSignerStore(channel: Pick<NodeJS.Process, 'send' | 'on' | 'off'>): SignerStore {
  let next = 0;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  channel.on('message', (message: unknown) => {
    const answer = message as Partial<StoreAnswer> | null;
    if (answer?.signerStore !== 'answer' || typeof answer.call !== 'number') return;
    const pending = waiting.get(answer.call);
    if (!pending) return;
    waiting.delete(answer.call);
    if (answer.error !== undefined) pending.reject(new Error(`store: ${answer.error}`));
    else pending.resolve(answer.result);
  });
  channel.on('disconnect', () => {
    for (const pending of waiting.values()) pending.reject(new Error('store: the API process is gone'));
    waiting.clear();
  });
  const call = (method: StoreCall['method'], args: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      const message: StoreCall = { signerStore: 'call', call: id, method, args };
      if (!channel.send?.(message)) {
        // false only when the channel is closed (a full pipe queues and still answers true).
        waiting.delete(id);
        reject(new Error('store: the API process is gone'));
      }
    });
  return Object.fromEntries(
    signerStoreMethods.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  ) as unknown as SignerStore;
}

/** The parent's side: answers the child's calls with `store` until the child exits. */
export function serveSignerStore(child: ChildProcess, store: SignerStore, log: { error(obj: object, msg?: string): void }): void {
  child.on('message', (message: unknown) => {
    if (!isCall(message)) return;
    const run = (store[message.method] as (...args: unknown[]) => Promise<unknown>)(...message.args);
    run.then(
      (result) => reply({ signerStore: 'answer', call: message.call, result }),
      (error: unknown) => {
        log.error({ err: error, method: message.method }, 'signer store call failed');
        reply({ signerStore: 'answer', call: message.call, error: error instanceof Error ? error.message : String(error) });
      },
    );
  });
  function reply(answer: StoreAnswer) {
    if (child.connected) child.send(answer);
  }
}
