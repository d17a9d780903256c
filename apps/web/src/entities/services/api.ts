import type { Provider, Service } from '@hausportal/contract';
import { api, getAll } from '@/lib/api-client';

/** GET /api/services/, every page. */
export function getServices(): Promise<Service[]> {
  return getAll<Service>('/api/services/');
}

/** GET /api/providers/?service_id=: the providers of one service. */
export async function getProviders(serviceId: number): Promise<Provider[]> {
  const page = await api.get<{ results: Provider[] }>(`/api/providers/?service_id=${serviceId}`);
  return page.results;
}
