import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { renderAdmin } from '../test-utils';
import { ADMIN_PUSH_KEY, PushToggle } from './push-toggle';

const SUBSCRIPTION = { endpoint: 'https://fcm.googleapis.com/fcm/send/staff', keys: { p256dh: 'p', auth: 'a' } };

afterEach(() => {
  vi.unstubAllGlobals();
  // @ts-expect-error jsdom has no service worker; the test added one.
  delete navigator.serviceWorker;
  localStorage.clear();
});

describe("the back office's push switch", () => {
  it("registers the residents' service worker, subscribes with the staff token, and switches off again", async () => {
    const unsubscribe = vi.fn(async () => true);
    let subscribed = false;
    const pushManager = {
      subscribe: vi.fn(async () => {
        subscribed = true;
        return { toJSON: () => SUBSCRIPTION, unsubscribe };
      }),
      getSubscription: vi.fn(async () => (subscribed ? { unsubscribe } : null)),
    };
    const register = vi.fn(async () => ({}));
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: async () => 'granted' });
    vi.stubGlobal('PushManager', function PushManager() {});
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { register, ready: Promise.resolve({ pushManager }), getRegistration: async () => ({ pushManager }) },
    });
    const calls = mockFetch({
      'GET /api/push/config/': {
        body: { public_key: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U' },
      },
      'POST /api/fcm/token/': { status: 201, body: { id: 9, type: 'web', registration_id: '' } },
      'DELETE /api/fcm/token/9/': { status: 204 },
    });
    const user = userEvent.setup();
    renderAdmin(<PushToggle />);
    await user.click(screen.getByRole('button', { name: 'Push aktivieren' }));
    expect(await screen.findByText('Push ist auf diesem Gerät aktiv.')).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const posted = calls.find((c) => c.method === 'POST')!;
    expect(posted.headers.Authorization).toBe('Token staff-token');
    expect(posted.body).toEqual({ type: 'web', registration_id: JSON.stringify(SUBSCRIPTION) });
    expect(localStorage.getItem(ADMIN_PUSH_KEY)).toBe('9');

    await user.click(screen.getByRole('button', { name: 'Ausschalten' }));
    expect(await screen.findByRole('button', { name: 'Push aktivieren' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/fcm/token/9/')).toBe(true);
    expect(unsubscribe).toHaveBeenCalled();
  });

  it('says so in a browser without push', () => {
    renderAdmin(<PushToggle />);
    expect(screen.getByText('Dieser Browser kann keine Benachrichtigungen anzeigen.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Push aktivieren' })).not.toBeInTheDocument();
  });
});
