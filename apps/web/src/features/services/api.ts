import { config } from '@/config';
import { api, requireOnline } from '@/lib/api-client';
import { delay } from '@/lib/delay';

/** POST /api/providers/{id}/request/ with the request text, after the spec's pause. */
export async function sendProviderRequest(providerId: number, text: string): Promise<void> {
  requireOnline();
  await delay(config.delays.beforeCall);
  await api.post(`/api/providers/${providerId}/request/`, { text });
}
