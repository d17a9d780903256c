import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { setOnline } from '@/test/fetch-mock';
import { ApiError } from './api-client';
import { loadedAt } from './loaded-at';
import { remoteCache, useRemote } from './use-remote';

afterEach(() => {
  vi.restoreAllMocks();
});

function goOnline(online: boolean) {
  setOnline(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

describe('useRemote', () => {
  it('shows the stored copy at once, then the answer, which it stores under the feature’s name with its time', async () => {
    const cache = remoteCache('bookings')<string[]>('mine');
    localStorage.setItem('bookings:mine', JSON.stringify(['gespeichert']));
    const load = vi.fn(async () => ['frisch']);
    const { result } = renderHook(() => useRemote(cache, load));
    expect(result.current).toMatchObject({ data: ['gespeichert'], state: 'done' });
    await waitFor(() => expect(result.current.data).toEqual(['frisch']));
    expect(cache.key).toBe('bookings:mine');
    expect(JSON.parse(localStorage.getItem('bookings:mine')!)).toEqual(['frisch']);
    expect(loadedAt('bookings:mine')).not.toBeNull();
  });

  it('keeps the stored copy when the server fails, and says the load failed', async () => {
    localStorage.setItem('legal:impressum', JSON.stringify('alt'));
    const { result } = renderHook(() =>
      useRemote(
        remoteCache('legal')<string>('impressum'),
        vi.fn(async () => Promise.reject(new ApiError(503, 'Weg'))),
      ),
    );
    await waitFor(() => expect(result.current.lastFailed).toBe(true));
    expect(result.current).toMatchObject({ data: 'alt', state: 'done' });
  });

  it('is failed without anything stored, and loads again on reload', async () => {
    let fail = true;
    const load = vi.fn(async () => (fail ? Promise.reject(new ApiError(500, '')) : 'da'));
    const { result } = renderHook(() => useRemote(null, load));
    expect(result.current.state).toBe('loading');
    await waitFor(() => expect(result.current.state).toBe('failed'));
    fail = false;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current).toMatchObject({ data: 'da', state: 'done', lastFailed: false }));
  });

  it('clears what it showed when the server says 404', async () => {
    localStorage.setItem('tickets:ticket:9', JSON.stringify({ id: 9 }));
    const { result } = renderHook(() =>
      useRemote(remoteCache('tickets')('ticket:9'), async () => Promise.reject(new ApiError(404, ''))),
    );
    await waitFor(() => expect(result.current.state).toBe('notFound'));
    expect(result.current.data).toBeNull();
  });

  it('says failed at once offline with nothing stored, and loads when the connection returns', async () => {
    setOnline(false);
    const load = vi.fn(async () => 'online geladen');
    const { result } = renderHook(() => useRemote(null, load));
    expect(result.current.state).toBe('failed');
    expect(load).not.toHaveBeenCalled();
    goOnline(true);
    await waitFor(() => expect(result.current.data).toBe('online geladen'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts from the stored copy of the new entry when the entry changes in the same place', async () => {
    const legal = remoteCache('legal');
    localStorage.setItem('legal:datenschutz', JSON.stringify('Datenschutz gespeichert'));
    const loads: Record<string, () => Promise<string>> = {
      impressum: async () => 'Impressum',
      datenschutz: () => new Promise<string>(() => undefined),
    };
    const { result, rerender } = renderHook(({ page }) => useRemote(legal<string>(page), loads[page]!), {
      initialProps: { page: 'impressum' },
    });
    await waitFor(() => expect(result.current.data).toBe('Impressum'));
    rerender({ page: 'datenschutz' });
    expect(result.current).toMatchObject({ data: 'Datenschutz gespeichert', state: 'done' });
  });

  it('keeps the data of a read without a copy on screen while a new load is on its way', async () => {
    const weeks: Record<string, () => Promise<string>> = {
      first: async () => 'Woche 1',
      second: () => new Promise<string>(() => undefined),
    };
    const { result, rerender } = renderHook(({ week }) => useRemote(null, weeks[week]!), {
      initialProps: { week: 'first' },
    });
    await waitFor(() => expect(result.current.data).toBe('Woche 1'));
    rerender({ week: 'second' });
    expect(result.current).toMatchObject({ data: 'Woche 1', state: 'done' });
  });
});

describe('remoteCache', () => {
  it('keeps only the last entries of a kind when asked to, and the other entries in full', () => {
    const cache = remoteCache('tickets', { keepLast: { prefix: 'ticket:', count: 2 } });
    cache('list').write([1]);
    for (const id of [1, 2, 3]) cache(`ticket:${id}`).write({ id });
    expect(localStorage.getItem('tickets:ticket:1')).toBeNull();
    expect(cache('ticket:2').read()).toEqual({ id: 2 });
    expect(cache('ticket:3').read()).toEqual({ id: 3 });
    expect(cache('list').read()).toEqual([1]);
    expect(JSON.parse(localStorage.getItem('tickets:opened')!)).toEqual(['ticket:3', 'ticket:2']);
  });

  it('gives the same entry for the same name, so a screen can depend on it', () => {
    const cache = remoteCache('parcels');
    expect(cache('mine')).toBe(cache('mine'));
    expect(remoteCache('bookings')('mine').key).not.toBe(cache('mine').key);
  });
});
