import { api, pauseBeforeSending } from '@/lib/api-client';

/** POST /api/providers/{id}/request/ with the request text, after the spec's pause. */
export async function sendProviderRequest(providerId: number, text: string): Promise<void> {
  await pauseBeforeSending();
  await api.post(`/api/providers/${providerId}/request/`, { text });
}
