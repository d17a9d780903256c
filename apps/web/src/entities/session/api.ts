import { api } from '@/lib/api-client';

export interface Credentials {
  apartment_number: string;
  password: string;
}

/** A session the server opened already: after the first password (invitation link, letter; ADR 044). */
export interface SessionToken {
  token: string;
}

/** POST /api/login/ (anonymous): the token for these credentials. */
export async function postLogin(credentials: Credentials): Promise<string> {
  const { token } = await api.post<{ token: string }>('/api/login/', credentials, true);
  return token;
}

/** GET /api/logout/: ends the session on the server. */
export async function getLogout(): Promise<void> {
  await api.get('/api/logout/');
}

/** POST /api/fcm/token/: registers this device's push subscription; returns its id. */
export async function postPushToken(registrationId: string): Promise<number> {
  const { id } = await api.post<{ id: number }>('/api/fcm/token/', { type: 'web', registration_id: registrationId });
  return id;
}

/** DELETE /api/fcm/token/{id}/. */
export async function deletePushToken(id: string): Promise<void> {
  await api.delete(`/api/fcm/token/${encodeURIComponent(id)}/`);
}

/** GET /api/tenant/ (anonymous): the masked e-mail address of an apartment. */
export async function lookupTenant(apartmentNumber: string): Promise<string> {
  const { email } = await api.get<{ email: string }>(
    `/api/tenant/?apartment_number=${encodeURIComponent(apartmentNumber)}`,
    true,
  );
  return email;
}

/** POST /api/password_reset/ (anonymous). The address is masked, so the apartment number tells the server whom to write to. */
export async function requestPasswordReset(email: string, apartmentNumber: string): Promise<void> {
  await api.post('/api/password_reset/', { email, apartment_number: apartmentNumber }, true);
}
