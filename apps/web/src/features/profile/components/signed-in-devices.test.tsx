import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from '@hausportal/contract';
import { SignedInDevices } from '@/components/signed-in-devices';
import { mockFetch, setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { residentSessions } from '../api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LIST = 'GET /api/profile/sessions/?page_size=100';
const page = (results: Session[]) => ({ body: { count: results.length, next: null, previous: null, results } });

// 06:30 UTC in winter is 07:30 in Berlin; 22:15 UTC in summer is 00:15 the next day there.
const phone: Session = {
  id: 7,
  device: 'Chrome · Android',
  created_at: '2026-01-10T06:30:00.000Z',
  last_used_at: '2026-07-03T22:15:00.000Z',
  expires_at: '2026-04-10T06:30:00.000Z',
  current: true,
};
const laptop: Session = {
  id: 9,
  device: 'Firefox · Windows',
  created_at: '2026-02-01T12:00:00.000Z',
  last_used_at: '2026-02-02T08:00:00.000Z',
  expires_at: '2026-05-02T12:00:00.000Z',
  current: false,
};
const tablet: Session = { ...laptop, id: 11, device: 'Safari · iPad' };

function renderDevices() {
  setOnline(true);
  return renderWithApp(<SignedInDevices api={residentSessions} />, { path: '/profile', pattern: '/profile' });
}

describe("'Angemeldete Geräte' in the profile", () => {
  it('lists the devices with sign-in and last use in Berlin time, this device marked and without a sign-out', async () => {
    mockFetch({ [LIST]: page([phone, laptop]) });
    renderDevices();
    expect(screen.getByRole('heading', { name: 'Angemeldete Geräte' })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const mine = items[0]!;
    expect(mine).toHaveTextContent('Chrome · Android');
    expect(mine).toHaveTextContent('Dieses Gerät');
    expect(mine).toHaveTextContent('Angemeldet am 10.01.2026, 07:30');
    expect(mine).toHaveTextContent('Zuletzt aktiv 04.07.2026, 00:15');
    expect(mine).toHaveAttribute('aria-current', 'true');
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(items[1]!).getByRole('button', { name: 'Firefox · Windows abmelden (angemeldet am 01.02.2026, 13:00)' }),
    ).toBeEnabled();
  });

  it('lists this device first, wherever the server puts it, and the others in the server order', async () => {
    mockFetch({ [LIST]: page([laptop, tablet, phone]) });
    renderDevices();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Chrome · Android',
      'Firefox · Windows',
      'Safari · iPad',
    ]);
    expect(items[0]).toHaveTextContent('Dieses Gerät');
  });

  it('signs one other device out and shows the list again', async () => {
    let remaining = [phone, laptop, tablet];
    const calls = mockFetch({
      [LIST]: () => page(remaining),
      'DELETE /api/profile/sessions/9/': () => {
        remaining = [phone, tablet];
        return { body: { detail: 'Das Gerät wurde abgemeldet.' } };
      },
    });
    renderDevices();
    await userEvent.click(await screen.findByRole('button', { name: /^Firefox · Windows abmelden/ }));
    await waitFor(() => expect(screen.queryByText('Firefox · Windows')).not.toBeInTheDocument());
    expect(screen.getByText('Safari · iPad')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/profile/sessions/9/']);
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Firefox · Windows wurde abgemeldet.')).toBe(
      true,
    );
  });

  it("signs every other device out with 'Alle anderen Geräte abmelden'", async () => {
    let remaining = [phone, laptop, tablet];
    mockFetch({
      [LIST]: () => page(remaining),
      'POST /api/profile/sessions/sign-out-others/': () => {
        remaining = [phone];
        return { body: { detail: 'Alle anderen Geräte wurden abgemeldet.', count: 2 } };
      },
    });
    renderDevices();
    await userEvent.click(await screen.findByRole('button', { name: 'Alle anderen Geräte abmelden' }));
    expect(await screen.findByText('Sie sind auf keinem anderen Gerät angemeldet.')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Alle anderen Geräte abmelden' })).not.toBeInTheDocument();
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    mockFetch({ [LIST]: () => (fail ? { status: 500, body: { detail: 'kaputt' } } : page([phone])) });
    renderDevices();
    expect(await screen.findByText('Die Geräte konnten nicht geladen werden.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Chrome · Android')).toBeInTheDocument();
  });

  it('names a device the server does not know in the reader’s language', async () => {
    mockFetch({ [LIST]: page([phone, { ...laptop, device: '' }]) });
    renderDevices();
    expect(await screen.findByText('Unbekanntes Gerät')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Unbekanntes Gerät abmelden/ })).toBeInTheDocument();
  });
});
