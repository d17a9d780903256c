import { config } from '@/config';
import { api, uploadWithProgress } from '@/lib/api-client';
import { delay } from '@/lib/delay';
import { baseName } from '@/lib/text';

/** POST /api/messages/: the post is created first, attachments follow one call each. */
export async function createMessage(text: string): Promise<{ id: number; status: string }> {
  await delay(config.delays.beforeCall);
  return api.post('/api/messages/', { text });
}

/** POST /api/messages/{id}/documents/ as multipart `name` (file name without extension) and `document`. */
export function uploadAttachment(
  messageId: number,
  file: File,
  onProgress: (loaded: number, total: number) => void,
): Promise<unknown> {
  const form = new FormData();
  form.append('name', baseName(file.name));
  form.append('document', file, file.name);
  return uploadWithProgress(`/api/messages/${messageId}/documents/`, form, onProgress);
}

/** POST /api/messages/{id}/comments/ (receptionists; moderated before others see it). */
export async function postComment(messageId: number, text: string): Promise<void> {
  await delay(config.delays.beforeCall);
  await api.post(`/api/messages/${messageId}/comments/`, { text });
}
