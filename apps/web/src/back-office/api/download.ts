import { useCallback } from 'react';
import { config } from '@/config';
import type { AdminError } from './base-query';
import { sessionExpired } from './session-slice';
import { useAdminDispatch, useAdminSelector } from '../store';

/** The file name a `Content-Disposition` header gives, if any. */
function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : null;
}

/** Hands a fetched file to the browser's download, as the resident app saves 'Meine Daten'. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A file from the API (a CSV export, activation letters) with the staff token, saved under the
 * server's file name or `fallbackName`. A link cannot carry the token, so the file is fetched and
 * handed over as a blob; `body` makes it a POST of that JSON. It fails with the `{status, data}` of
 * the other calls; a 401 ends the session as every call does.
 */
export function useDownload() {
  const token = useAdminSelector((state) => state.adminSession.token);
  const dispatch = useAdminDispatch();
  return useCallback(
    async (path: string, fallbackName: string, body?: unknown): Promise<void> => {
      const headers: Record<string, string> = {};
      if (token) headers.Authorization = `Token ${token}`;
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      let response: Response;
      try {
        response = await fetch(
          `${config.apiHost}${path}`,
          body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) },
        );
      } catch {
        throw { status: 0, data: null } satisfies AdminError;
      }
      if (!response.ok) {
        if (response.status === 401 && token) dispatch(sessionExpired());
        const text = await response.text().catch(() => '');
        let data: unknown = text;
        try {
          data = text ? JSON.parse(text) : undefined;
        } catch {
          // not JSON: keep the text
        }
        throw { status: response.status, data } satisfies AdminError;
      }
      const blob = await response.blob();
      saveFile(blob, fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName);
    },
    [token, dispatch],
  );
}
