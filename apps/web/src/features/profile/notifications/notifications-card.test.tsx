import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@hausportal/contract';
import { storageKeys } from '@/config';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { NotificationsCard } from './notifications-card';

const SUBSCRIPTION = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'p', auth: 'a' } };

/** The browser parts push needs: permission, a service worker and its push manager. */
function fakeBrowserPush(
  permission: NotificationPermission,
  answer: NotificationPermission = 'granted',
  subscribed = false,
) {
  const subscribe = vi.fn(async () => ({ toJSON: () => SUBSCRIPTION }));
  const unsubscribe = vi.fn(async () => true);
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  const registration = {
    pushManager: { subscribe, getSubscription: vi.fn(async () => (subscribed ? { unsubscribe } : null)) },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { subscribe, unsubscribe, requestPermission };
}

afterEach(() => {
  vi.unstubAllGlobals();
  // @ts-expect-error jsdom has no service worker; the test added one.
  delete navigator.serviceWorker;
  localStorage.clear();
});

describe('the notification settings in the profile', () => {
  it('asks for permission only on the tap, subscribes with the server key and registers the subscription', async () => {
    const browser = fakeBrowserPush('default');
    const calls = mockFetch({
      'GET /api/profile/notifications/': { body: DEFAULT_NOTIFICATION_SETTINGS },
      'GET /api/push/config/': {
        body: { public_key: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U' },
      },
      'POST /api/fcm/token/': { status: 201, body: { id: 17, type: 'web', registration_id: '' } },
    });
    renderWithApp(<NotificationsCard />);
    await screen.findByRole('checkbox', { name: 'Auf dem Gerät: Neue Beiträge auf der Pinnwand' });
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Benachrichtigungen aktivieren' }));
    expect(await screen.findByText('Benachrichtigungen sind auf diesem Gerät aktiv.')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    const posted = calls.find((c) => c.method === 'POST');
    expect(posted?.body).toEqual({ type: 'web', registration_id: JSON.stringify(SUBSCRIPTION) });
    expect(localStorage.getItem(storageKeys.pushToken)).toBe(JSON.stringify(SUBSCRIPTION));
    expect(localStorage.getItem(storageKeys.pushTokenId)).toBe('17');
  });

  it('says so when the browser blocks notifications, and subscribes nothing', async () => {
    const browser = fakeBrowserPush('default', 'denied');
    mockFetch({ 'GET /api/profile/notifications/': { body: DEFAULT_NOTIFICATION_SETTINGS } });
    renderWithApp(<NotificationsCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Benachrichtigungen aktivieren' }));
    expect(await screen.findByText(/im Browser blockiert/)).toBeInTheDocument();
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('switches push off on this device: the server forgets it and the browser ends it', async () => {
    const browser = fakeBrowserPush('granted', 'granted', true);
    localStorage.setItem(storageKeys.pushTokenId, '17');
    const calls = mockFetch({
      'GET /api/profile/notifications/': { body: DEFAULT_NOTIFICATION_SETTINGS },
      'DELETE /api/fcm/token/17/': { status: 204 },
    });
    renderWithApp(<NotificationsCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Auf diesem Gerät ausschalten' }));
    await screen.findByRole('button', { name: 'Benachrichtigungen aktivieren' });
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/fcm/token/17/')).toBe(true);
    expect(browser.unsubscribe).toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.pushTokenId)).toBeNull();
  });

  it('saves a switch at once and puts it back when the server refuses', async () => {
    fakeBrowserPush('granted');
    let refuse = false;
    const calls = mockFetch({
      'GET /api/profile/notifications/': { body: DEFAULT_NOTIFICATION_SETTINGS },
      'PUT /api/profile/notifications/': (call) => (refuse ? { status: 500, body: {} } : { body: call.body }),
    });
    renderWithApp(<NotificationsCard />);
    const quiet = await screen.findByRole('checkbox', { name: /Nachtruhe von 22 bis 6 Uhr/ });
    expect(quiet).toBeChecked();
    await userEvent.click(quiet);
    await waitFor(() => expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Gespeichert'));
    expect(quiet).not.toBeChecked();
    expect(calls.at(-1)?.body).toMatchObject({ quiet_hours: false });

    refuse = true;
    const mail = screen.getByRole('checkbox', { name: 'E-Mail: Neue Beiträge auf der Pinnwand' });
    await userEvent.click(mail);
    await waitFor(() => expect(mail).not.toBeChecked());
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    fakeBrowserPush('granted');
    mockFetch({ 'GET /api/profile/notifications/': { status: 500, body: {} } });
    renderWithApp(<NotificationsCard />);
    expect(await screen.findByText('Die Einstellungen konnten nicht geladen werden.')).toBeInTheDocument();
    mockFetch({ 'GET /api/profile/notifications/': { body: DEFAULT_NOTIFICATION_SETTINGS } });
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('checkbox', { name: 'Auf dem Gerät: Aushänge der Hausverwaltung' })).toBeChecked();
  });
});
