import type {
  ApiKey,
  ApiKeyCreate,
  ApiKeyCreated,
  Paginated,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
} from '@hausportal/contract';
import { adminApi, listQuery } from '../api/admin-api';
import { ALL_PAGE_SIZE, allPages } from '../api/all-pages';

/** A short list may come as an array or as one page of `{count, …, results}`; the screens take the rows. */
function rows<T>(reply: T[] | Paginated<T>): T[] {
  return Array.isArray(reply) ? reply : reply.results;
}

/**
 * 'Schnittstellen' (administrators only): API keys, each key's webhook endpoints and
 * each endpoint's delivery log. A key or a secret is in the reply of its creation only.
 */
export const integrationsApi = adminApi
  .enhanceEndpoints({ addTagTypes: ['ApiKeys', 'Webhooks', 'WebhookDeliveries'] })
  .injectEndpoints({
    endpoints: (b) => ({
      apiKeys: b.query<ApiKey[], void>({
        // A handful in practice; the first hundred, newest first, on one screen.
        query: () => '/api/admin/integration/keys/?page=1&page_size=100',
        transformResponse: (reply: ApiKey[] | Paginated<ApiKey>) => rows(reply),
        providesTags: ['ApiKeys'],
      }),
      apiKey: b.query<ApiKey, number>({
        query: (id) => `/api/admin/integration/keys/${id}/`,
        providesTags: ['ApiKeys'],
      }),
      createApiKey: b.mutation<ApiKeyCreated, ApiKeyCreate>({
        query: (body) => ({ url: '/api/admin/integration/keys/', method: 'POST', body }),
        invalidatesTags: ['ApiKeys', 'Audit'],
      }),
      revokeApiKey: b.mutation<ApiKey, number>({
        query: (id) => ({ url: `/api/admin/integration/keys/${id}/revoke/`, method: 'POST' }),
        invalidatesTags: ['ApiKeys', 'Audit'],
      }),
      webhooks: b.query<WebhookEndpoint[], number>({
        async queryFn(keyId, _api, _extra, fetchPage) {
          const all = await allPages<WebhookEndpoint>(
            fetchPage,
            `/api/admin/integration/keys/${keyId}/webhooks/?page_size=${ALL_PAGE_SIZE}`,
          );
          return 'error' in all ? all : { data: all.data.results };
        },
        providesTags: (_result, _error, keyId) => [{ type: 'Webhooks', id: keyId }],
      }),
      createWebhook: b.mutation<WebhookEndpointWithSecret, { keyId: number; body: WebhookEndpointCreate }>({
        query: ({ keyId, body }) => ({
          url: `/api/admin/integration/keys/${keyId}/webhooks/`,
          method: 'POST',
          body,
        }),
        invalidatesTags: (_result, _error, { keyId }) => [{ type: 'Webhooks', id: keyId }, 'Audit'],
      }),
      updateWebhook: b.mutation<WebhookEndpoint, { id: number; keyId: number; body: WebhookEndpointUpdate }>({
        query: ({ id, body }) => ({ url: `/api/admin/integration/webhooks/${id}/`, method: 'PATCH', body }),
        invalidatesTags: (_result, _error, { keyId }) => [{ type: 'Webhooks', id: keyId }, 'Audit'],
      }),
      deleteWebhook: b.mutation<unknown, { id: number; keyId: number }>({
        query: ({ id }) => ({ url: `/api/admin/integration/webhooks/${id}/`, method: 'DELETE' }),
        invalidatesTags: (_result, _error, { keyId }) => [{ type: 'Webhooks', id: keyId }, 'Audit'],
      }),
      rotateWebhookSecret: b.mutation<WebhookEndpointWithSecret, { id: number; keyId: number }>({
        query: ({ id }) => ({ url: `/api/admin/integration/webhooks/${id}/rotate-secret/`, method: 'POST' }),
        invalidatesTags: (_result, _error, { keyId }) => [{ type: 'Webhooks', id: keyId }, 'Audit'],
      }),
      webhookDeliveries: b.query<
        Paginated<WebhookDelivery>,
        { endpointId: number; page: number; status?: WebhookDeliveryStatus }
      >({
        query: ({ endpointId, ...args }) =>
          listQuery(`/api/admin/integration/webhooks/${endpointId}/deliveries/`, args),
        providesTags: (_result, _error, { endpointId }) => [{ type: 'WebhookDeliveries', id: endpointId }],
      }),
      resendDelivery: b.mutation<WebhookDelivery, { id: number; endpointId: number }>({
        query: ({ id }) => ({ url: `/api/admin/integration/deliveries/${id}/resend/`, method: 'POST' }),
        invalidatesTags: (_result, _error, { endpointId }) => [{ type: 'WebhookDeliveries', id: endpointId }],
      }),
    }),
  });

export const {
  useApiKeysQuery,
  useApiKeyQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
  useWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useRotateWebhookSecretMutation,
  useWebhookDeliveriesQuery,
  useResendDeliveryMutation,
} = integrationsApi;
