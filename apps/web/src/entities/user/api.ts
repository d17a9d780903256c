import type { Language, Profile } from '@hausportal/contract';
import { api, uploadWithProgress } from '@/lib/api-client';

/** GET /api/profile/. */
export function getProfile(): Promise<Profile> {
  return api.get<Profile>('/api/profile/');
}

/** PUT /api/profile/ as multipart `profile_picture`. */
export function putProfilePicture(picture: File): Promise<Profile> {
  const form = new FormData();
  form.append('profile_picture', picture, picture.name);
  return uploadWithProgress<Profile>('/api/profile/', form, () => undefined, 'PUT');
}

/** PUT /api/profile/ with the interface language as JSON. */
export function putProfileLanguage(language: Language): Promise<Profile> {
  return api.put<Profile>('/api/profile/', { language });
}
