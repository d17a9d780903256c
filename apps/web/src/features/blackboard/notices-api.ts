// The resident's marks on a notice: seen on screen, and put away.
import type { Notice } from '@hausportal/contract';
import { api } from '@/lib/api-client';

/** POST /api/notices/{id}/opened/: the notice has been on screen; repeats change nothing. */
export function markNoticeOpened(id: number): Promise<Notice> {
  return api.post<Notice>(`/api/notices/${id}/opened/`, {});
}

/** POST /api/notices/{id}/dismissed/: the resident put the notice away (it counts as opened too). */
export function markNoticeDismissed(id: number): Promise<Notice> {
  return api.post<Notice>(`/api/notices/${id}/dismissed/`, {});
}
