import type { MyReport, MyProviderRequest } from '@hausportal/contract';
import { getAll } from '@/lib/api-client';

/** GET /api/requests/, every page: the resident's own provider requests with status and note. */
export function getMyRequests(): Promise<MyProviderRequest[]> {
  return getAll<MyProviderRequest>('/api/requests/');
}

/** GET /api/reports/, every page: what the resident reported and what was decided. */
export function getMyReports(): Promise<MyReport[]> {
  return getAll<MyReport>('/api/reports/');
}
