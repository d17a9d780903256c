import type { HomeSummary } from '@hausportal/contract';
import { api } from '@/lib/api-client';

/** GET /api/home/: what is new for the resident, in one answer. */
export function getHome(): Promise<HomeSummary> {
  return api.get<HomeSummary>('/api/home/');
}

/** POST /api/notices/{id}/dismissed/: a 'Wichtig' notice leaves the top of the home screen. */
export async function dismissNotice(id: number): Promise<void> {
  await api.post(`/api/notices/${id}/dismissed/`);
}
