import pLimit from 'p-limit';
import type { FileStorage } from './base.js';
import type { LocalStorage } from './local.js';

export interface CopyResult {
  copied: number;
  skipped: number;
  failed: { key: string; error: string }[];
}

/**
 * Copies every file from the local media folder into `to` under the same key, so stored keys and
 * signed URLs stay valid. A file already there with the same size is skipped: the copy can be
 * run again after an interruption, or once more right before switching MEDIA_STORE.
 */
export async function copyMedia(
  from: LocalStorage,
  to: FileStorage,
  onFile: (key: string, outcome: 'copied' | 'skipped' | 'failed') => void = () => undefined,
): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, skipped: 0, failed: [] };
  const limit = pLimit(4);
  const work: Promise<void>[] = [];
  for await (const key of from.keys()) {
    work.push(
      limit(async () => {
        try {
          const [size, there] = await Promise.all([from.size(key), to.size(key)]);
          if (size !== null && size === there) {
            result.skipped++;
            return onFile(key, 'skipped');
          }
          const file = await from.open(key);
          if (!file) throw new Error('verschwunden');
          const chunks: Buffer[] = [];
          for await (const chunk of file.stream) chunks.push(chunk as Buffer);
          await to.write(key, Buffer.concat(chunks));
          result.copied++;
          onFile(key, 'copied');
        } catch (err) {
          const reason = (err as { reason?: unknown }).reason ?? err;
          result.failed.push({ key, error: reason instanceof Error ? reason.message : String(reason) });
          onFile(key, 'failed');
        }
      }),
    );
  }
  await Promise.all(work);
  return result;
}
