import type { BuildingTicket, HomeSummary } from '@hausportal/contract';
import { api, getAll, pauseBeforeSending } from '@/lib/api-client';

/** GET /api/home/: what is new for the resident, in one answer. */
export function getHome(): Promise<HomeSummary> {
  return api.get<HomeSummary>('/api/home/');
}

/** POST /api/notices/{id}/dismissed/: a 'Wichtig' notice leaves the top of the home screen. */
export async function dismissNotice(id: number): Promise<void> {
  await api.post(`/api/notices/${id}/dismissed/`);
}

/**
 * GET /api/tickets/building/, every page: the open building-wide tickets of the resident's location,
 * for 'Aktuelle Störungen im Haus' (the new-ticket page asks the same, per category).
 */
export function getBuildingTickets(): Promise<BuildingTicket[]> {
  return getAll<BuildingTicket>('/api/tickets/building/');
}

/** POST /api/tickets/{id}/affected/: 'Betrifft mich auch', after the spec's pause. */
export async function joinBuildingTicket(id: number): Promise<{ affected_count: number; affected: boolean }> {
  await pauseBeforeSending();
  return api.post(`/api/tickets/${id}/affected/`);
}
