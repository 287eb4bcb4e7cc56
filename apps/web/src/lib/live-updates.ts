import { useEffect, useEffectEvent } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { adminStreamMessage, type AdminEvent, type AdminStreamMessage } from '@gold/contract';
import { API_BASE_URL } from './api-client';
import { queryKeys } from './query-keys';

/** The queries each event refreshes: every query of the domains it concerns (their `all`). */
const refreshedBy: Record<AdminEvent['type'], readonly (readonly string[])[]> = {
  // Lists, counts, totals, details, histories and receipts of redemptions; reserved pieces and grams move with them.
  'redemption.created': [queryKeys.redemptions.all, queryKeys.denominations.all, queryKeys.reserves.all],
  'redemption.changed': [queryKeys.redemptions.all, queryKeys.denominations.all, queryKeys.reserves.all, queryKeys.settlement.all],
  'stock.changed': [queryKeys.denominations.all, queryKeys.reserves.all, queryKeys.vault.all],
  // Proposed, confirmed, declined or withdrawn: the list and the menu's count; a confirmed one moved pieces.
  'confirmations.changed': [queryKeys.confirmations.all, queryKeys.vault.all, queryKeys.denominations.all, queryKeys.reserves.all],
  'reserves.changed': [queryKeys.reserves.all],
  // A deposit moved a redemption, or a burn or refund changed state: the redemption, the reserves' escrow and in-flight
  // figures, and the settlement screens (reconciliation, deposits, outbox).
  'settlement.changed': [queryKeys.redemptions.all, queryKeys.reserves.all, queryKeys.settlement.all],
  // A rollback also removes reserves snapshots read at abandoned blocks; finality moves the final supply.
  'transactions.changed': [queryKeys.transactions.all, queryKeys.reserves.all],
};

export type LiveUpdateListener = (message: AdminStreamMessage) => void;

const listeners = new Set<LiveUpdateListener>();

/** Hears every message of the stream this tab has open (the review page's "changed under you"). */
function subscribeLiveUpdates(listener: LiveUpdateListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A redemption as the redemptions' queries hold it: a detail, or a row of a list page (`{ data: [...] }`). */
interface WithStatus {
  id?: unknown;
  status?: unknown;
}

/** `data` with redemption `id` shown in `status`, or `data` itself when it does not hold that redemption. */
function withStatus(data: unknown, id: number, status: string): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const one = data as WithStatus;
  if (one.id === id && typeof one.status === 'string') return one.status === status ? data : { ...one, status };
  const rows = (data as { data?: unknown }).data;
  if (!Array.isArray(rows) || !rows.some((row: WithStatus) => row?.id === id && typeof row.status === 'string' && row.status !== status)) {
    return data;
  }
  return { ...data, data: rows.map((row: WithStatus) => (row?.id === id ? { ...row, status } : row)) };
}

/** What a message does with the cache: an event refreshes its keys; a refetch or an ended session refreshes everything. */
function applyLiveMessage(queryClient: QueryClient, message: AdminStreamMessage): void {
  if (message.type === 'ready') return;
  if (message.type === 'refetch' || message.type === 'session-ended') {
    // Signed out: the first refetch answers 401, and the API client takes the browser to sign-in.
    void queryClient.invalidateQueries();
    return;
  }
  if (message.type === 'redemption.changed') {
    // The new status at once (the event carries it) on every list and detail showing the redemption,
    // before the refetch below brings the rest (history, counts, a filtered list without it).
    const { redemptionId, status } = message;
    queryClient.setQueriesData({ queryKey: queryKeys.redemptions.all }, (data: unknown) => withStatus(data, redemptionId, status));
  }
  for (const queryKey of refreshedBy[message.type]) void queryClient.invalidateQueries({ queryKey });
}

/** Reconnection after the server closed the stream for good (a 401, a restart): a few seconds, then again. */
const RECONNECT_MS = 5000;

/**
 * The tab's one connection to GET /admin/events (mounted once, in the signed-in frame): each event
 * refreshes the queries of what changed, no reload. EventSource reconnects by itself after a
 * network failure, sending Last-Event-ID so the server replays what was missed (or says refetch).
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      source = new EventSource(`${API_BASE_URL}/admin/events`, { withCredentials: true });
      source.onmessage = (event: MessageEvent<string>) => {
        const parsed = adminStreamMessage.safeParse(JSON.parse(event.data));
        if (!parsed.success) return;
        applyLiveMessage(queryClient, parsed.data);
        listeners.forEach((listener) => listener(parsed.data));
        if (parsed.data.type === 'session-ended') source?.close();
      };
      source.onerror = () => {
        // CLOSED: the server refused (401) or is gone; CONNECTING: the browser is already retrying.
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        void queryClient.invalidateQueries();
        retry = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient]);
}

/** Calls `listener` for each message of the stream while the component is shown. */
export function useLiveUpdate(listener: LiveUpdateListener): void {
  const onMessage = useEffectEvent(listener);
  useEffect(() => subscribeLiveUpdates((message) => onMessage(message)), []);
}
