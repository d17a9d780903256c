import type { Session } from '@hausportal/contract';
import type { SessionsApi } from '@/components/signed-in-devices';
import { api, getAll, pauseBeforeSending } from '@/lib/api-client';

export interface ChangePassword {
  old_password: string;
  new_password: string;
  repeat_password: string;
}

/** PUT /api/profile/changepassword/ for a signed-in user (product §2.16), after the spec's pause. */
export async function changePassword(data: ChangePassword): Promise<void> {
  await pauseBeforeSending();
  await api.put('/api/profile/changepassword/', data);
}

/**
 * GET /api/profile/export/ (DSGVO Art. 15/20): everything stored about the caller, saved as a
 * JSON file. Through the API client, so a lost connection or an ended session is handled as
 * for every other call; the export is small (links, not files).
 */
export async function downloadMyData(apartmentNumber: string): Promise<void> {
  const data = await api.get<unknown>('/api/profile/export/');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `meine-daten-${apartmentNumber.replace(/[^\w-]+/g, '_') || 'export'}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 'Angemeldete Geräte' (ADR 024) through the resident's session; a 401 sends this device to /login. */
export const residentSessions: SessionsApi = {
  list: () => getAll<Session>('/api/profile/sessions/'),
  signOut: (id) => api.delete(`/api/profile/sessions/${id}/`),
  signOutOthers: () => api.post('/api/profile/sessions/sign-out-others/'),
};
