import { useCallback } from 'react';
import { config } from '@/config';
import type { AdminError } from './base-query';
import { sessionExpired } from './session-slice';
import { useAdminDispatch, useAdminSelector } from '../store';

export interface UploadRequest {
  path: string;
  form: FormData;
  method?: 'POST' | 'PUT';
  /** Bytes sent so far and in all, while the browser sends the body. */
  onProgress?: (loaded: number, total: number) => void;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/**
 * A multipart upload with the staff token, through XMLHttpRequest because fetch cannot report
 * upload progress. It fails with the same `{status, data}` as the RTK Query calls, so forms map
 * DRF field errors the same way (status 0: the server was not reached).
 */
export function uploadMultipart<T>(token: string | null, request: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method ?? 'POST', `${config.apiHost}${request.path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress?.(event.loaded, event.total);
    };
    xhr.onerror = () => reject({ status: 0, data: null } satisfies AdminError);
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject({ status: xhr.status, data } satisfies AdminError);
    };
    xhr.send(request.form);
  });
}

/** `uploadMultipart` with the signed-in staff token; a 401 ends the session as every other call does. */
export function useUpload() {
  const token = useAdminSelector((state) => state.adminSession.token);
  const dispatch = useAdminDispatch();
  return useCallback(
    async <T>(request: UploadRequest): Promise<T> => {
      try {
        return await uploadMultipart<T>(token, request);
      } catch (error) {
        if ((error as AdminError).status === 401 && token) dispatch(sessionExpired());
        throw error;
      }
    },
    [token, dispatch],
  );
}
