// The calls of the back office's loop on the residents' side: reporting, resubmitting a
// rejected post, notices. Apart from api.ts, whose thunks the store imports, so that they load with
// the screens that use them rather than with /login.
import type { MyReport, Notice, Paginated } from '@hausportal/contract';
import { api, pauseBeforeSending } from '@/lib/api-client';

/** POST /api/messages/{id}/report/ or /api/comments/{id}/report/ (DSA Art. 16); answers with the acknowledgement. */
export async function reportContent(
  kind: 'messages' | 'comments',
  id: number,
  reason: string,
  text: string,
): Promise<{ detail: string }> {
  await pauseBeforeSending();
  return api.post(`/api/${kind}/${id}/report/`, { reason, text });
}

/** GET /api/reports/?message_id=: the caller's reports about a post and its comments ('Gemeldet'). */
export function getMyReportsAbout(messageId: number): Promise<Paginated<MyReport>> {
  return api.get<Paginated<MyReport>>(`/api/reports/?message_id=${messageId}&page_size=100`);
}

/** PUT /api/messages/{id}/: a rejected post of one's own, edited, goes back into moderation. */
export async function resubmitMessage(id: number, text: string): Promise<void> {
  await pauseBeforeSending();
  await api.put(`/api/messages/${id}/`, { text });
}

/** GET /api/notices/: the location's notices (Aushänge) that still apply, important ones first. */
export function getNotices(): Promise<Paginated<Notice>> {
  return api.get<Paginated<Notice>>('/api/notices/');
}
