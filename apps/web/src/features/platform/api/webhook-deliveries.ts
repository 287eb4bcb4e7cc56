import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  webhookDelivery,
  webhookDeliveryListResponse,
  type WebhookDelivery,
  type WebhookDeliveryListResponse,
  type WebhookDeliveryStatus,
} from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface DeliveryQuery {
  status: WebhookDeliveryStatus | undefined;
  page: number;
  limit: number;
}

/** GET /admin/webhooks/deliveries: newest first, a page at a time, optionally one status. */
function getDeliveries(query: DeliveryQuery, signal?: AbortSignal): Promise<WebhookDeliveryListResponse> {
  const search = new URLSearchParams({ limit: String(query.limit), page: String(query.page) });
  if (query.status) search.set('status', query.status);
  return api.get(`/admin/webhooks/deliveries?${search.toString()}`, { schema: webhookDeliveryListResponse, signal });
}

export function useWebhookDeliveries(query: DeliveryQuery) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.platform.deliveries(query),
      queryFn: ({ signal }) => getDeliveries(query, signal),
      placeholderData: keepPreviousData,
      // Attempts move on their own (the sender's retries): asked again every few seconds while shown.
      refetchInterval: 5000,
    }),
  );
}

/** POST /admin/webhooks/deliveries/{id}/resend: sent again now, with the same webhook-id. */
export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<WebhookDelivery> =>
      api.post(`/admin/webhooks/deliveries/${encodeURIComponent(id)}/resend`, undefined, { schema: webhookDelivery }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.platform.all }),
  });
}
