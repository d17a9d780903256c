import type { Comment, Message, Paginated } from '@hausportal/contract';
import { api, getAll, pauseBeforeSending, uploadWithProgress } from '@/lib/api-client';

export interface LikeResult {
  like_count: number;
  self_liked: boolean;
}

/** GET /api/messages/?page=: one page of the blackboard, newest first. */
export function getMessages(page: number): Promise<Paginated<Message>> {
  return api.get<Paginated<Message>>(`/api/messages/?page=${page}`);
}

/** GET /api/messages/{id}/. */
export function getMessage(id: number): Promise<Message> {
  return api.get<Message>(`/api/messages/${id}/`);
}

/** GET /api/messages/{id}/comments/, every page. */
export function getComments(messageId: number): Promise<Comment[]> {
  return getAll<Comment>(`/api/messages/${messageId}/comments/`);
}

/** PUT /api/messages/{id}/like/ or …/unlike/. */
export function putLike(messageId: number, isLike: boolean): Promise<LikeResult> {
  return api.put<LikeResult>(`/api/messages/${messageId}/${isLike ? 'like' : 'unlike'}/`);
}

/** POST /api/messages/ after the spec's pause: the post is created first, attachments follow one call each. */
export async function createMessage(text: string): Promise<{ id: number; status: string }> {
  await pauseBeforeSending();
  return api.post('/api/messages/', { text });
}

/** POST /api/messages/{id}/documents/ as multipart `name` (the file name without extension) and `document`. */
export function uploadAttachment(
  messageId: number,
  file: File,
  name: string,
  onProgress: (loaded: number, total: number) => void,
): Promise<unknown> {
  const form = new FormData();
  form.append('name', name);
  form.append('document', file, file.name);
  return uploadWithProgress(`/api/messages/${messageId}/documents/`, form, onProgress);
}

/** POST /api/messages/{id}/comments/ after the spec's pause (receptionists; moderated before others see it). */
/** Returns the comment's status: 'approved' where the reception publishes without moderation. */
export async function postComment(messageId: number, text: string): Promise<{ status: string }> {
  await pauseBeforeSending();
  return api.post(`/api/messages/${messageId}/comments/`, { text });
}
