import { fetchLocation } from '@/entities/location/slice';
import { fetchServices } from '@/entities/services/slice';
import type { Language } from '@hausportal/contract';
import { postPushToken, type Credentials, type SessionToken } from '@/entities/session/api';
import { login, logout } from '@/entities/session/slice';
import { fetchProfile, updateProfile } from '@/entities/user/slice';
import { fetchDocuments } from '@/features/apartment/slice';
import { fetchMessages } from '@/features/blackboard/slice';
import { fetchPhones } from '@/features/phones/slice';
import { storageKeys, config } from '@/config';
import { sessionReset } from '@/lib/redux/session-reset';
import { heldPushSubscription } from '@/lib/web-push';
import type { AppDispatch, AppState } from '@/lib/redux/hooks';
import { persistor } from './store';

/** product §2.4: after login, profile, documents, phones, services, location and messages page 1 load in parallel. */
export function loadInitialData(dispatch: AppDispatch) {
  return Promise.all([
    dispatch(fetchProfile()),
    dispatch(fetchDocuments()),
    dispatch(fetchPhones()),
    dispatch(fetchServices()),
    dispatch(fetchLocation()),
    dispatch(fetchMessages(1)),
  ]);
}

/**
 * The refresh of a session restored from storage: the same lists, minus those a screen is
 * already loading (the home screen loads profile, location and services itself), so that a
 * phone does not fetch and render them twice in its first second.
 */
export function refreshRestoredSession(dispatch: AppDispatch, state: AppState) {
  return Promise.all([
    state.user.fetching ? null : dispatch(fetchProfile()),
    state.documents.fetching ? null : dispatch(fetchDocuments()),
    state.phones.fetching ? null : dispatch(fetchPhones()),
    state.services.fetching ? null : dispatch(fetchServices()),
    state.location.fetching ? null : dispatch(fetchLocation()),
  ]);
}

/**
 * Registers this device's push subscription after login; any failure is ignored (product §2.4). It is
 * the one stored on the device, or, when an ended session cleared the storage, the one the browser
 * still holds (the resident allowed notifications before and never switched them off).
 */
export async function registerPushToken(): Promise<void> {
  let registrationId = localStorage.getItem(storageKeys.pushToken);
  if (!registrationId && window.Notification?.permission === 'granted') {
    const subscription = await heldPushSubscription();
    if (subscription) registrationId = JSON.stringify(subscription);
  }
  if (!registrationId) return;
  localStorage.setItem(storageKeys.pushToken, registrationId);
  try {
    const id = await postPushToken(registrationId);
    localStorage.setItem(storageKeys.pushTokenId, String(id));
  } catch {
    // product §6.4: push registration failures are ignored.
  }
}

/**
 * The language the login screen spoke becomes the profile's (ADR 031), before the app
 * switches to the profile's: always when the person picked it there; when it only came from the
 * browser or this device, if the profile still has the default, German — a Turkish phone's
 * resident then reads Turkish after sign-in too, while a language chosen in the profile before is
 * kept. A failure leaves the profile as it was.
 */
async function keepLoginLanguage(dispatch: AppDispatch, options: { language?: Language; picked?: boolean }) {
  const { language, picked } = options;
  // German from the browser changes nothing: it is the default already.
  if (!language || (!picked && language === 'de')) return;
  try {
    if (!picked) {
      const profile = await dispatch(fetchProfile()).unwrap();
      if (profile.language !== 'de') return;
    }
    await dispatch(updateProfile({ language })).unwrap();
  } catch {
    // The profile's language stays; the app shows it.
  }
}

/**
 * The login sequence of product §2.4. Resolves when the user is signed in (then the caller goes to /),
 * rejects with the parsed error body otherwise.
 */
export async function signIn(
  dispatch: AppDispatch,
  credentials: Credentials | SessionToken,
  options: { language?: Language; picked?: boolean } = {},
): Promise<void> {
  await dispatch(login(credentials)).unwrap();
  await keepLoginLanguage(dispatch, options);
  void loadInitialData(dispatch);
  void registerPushToken();
}

/**
 * The logout of product §2.15: the server part (500 ms wait, push registration, logout call, clearing
 * local storage), then /login, purge the persisted state, and after one second clear local
 * storage again and reload, so nothing of the old session survives in memory.
 */
export async function signOut(dispatch: AppDispatch, navigate: (to: string) => void): Promise<void> {
  await dispatch(logout());
  dispatch(sessionReset());
  navigate('/login');
  await persistor.purge();
  setTimeout(() => {
    localStorage.clear();
    window.location.reload();
  }, config.delays.reloadAfterLogout);
}

/** What a 401 means for the app: local storage is already cleared by the API client. */
export function endExpiredSession(dispatch: AppDispatch, navigate: (to: string) => void): void {
  dispatch(sessionReset());
  void persistor.purge();
  navigate('/login');
}
