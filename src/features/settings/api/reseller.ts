import * as api from '@contract/api';
import { LIMITS } from '@contract/business-limits';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/** The reseller API's Settings calls: API keys, webhook address, delivery log. */
export function useApiKeys() {
  return useApiQuery(api.apiKeys, {});
}

export function useCreateApiKey() {
  return useApiMutation(api.createApiKey, { invalidates: [api.apiKeys] });
}

export function useRevokeApiKey() {
  return useApiMutation(api.revokeApiKey, { invalidates: [api.apiKeys] });
}

export function useWebhook() {
  return useApiQuery(api.webhook, {});
}

export function useSetWebhook() {
  return useApiMutation(api.setWebhook, { invalidates: [api.webhook] });
}

export function useDeliveries(page: number) {
  return useApiQuery(api.webhookDeliveries, { query: { page, limit: LIMITS.pageSize } });
}

export function useReplayDelivery() {
  return useApiMutation(api.replayDelivery, { invalidates: [api.webhookDeliveries] });
}
