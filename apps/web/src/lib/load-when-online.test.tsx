import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { loadWhenOnline } from './load-when-online';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: /assets/extras.js');

describe('loadWhenOnline', () => {
  afterEach(() => {
    vi.useRealTimers();
    setOnline(true);
  });

  it('keeps the app on screen when a lazy part fails offline, and shows the part once back online', async () => {
    setOnline(false);
    const load = vi.fn(async () => {
      if (!navigator.onLine) throw chunkFailure();
      return { default: () => <p>Toasts bereit</p> };
    });
    const Extras = lazy(() => loadWhenOnline(load));
    render(
      <div>
        <label>
          Beschreibung
          <textarea defaultValue="Der Abfluss ist verstopft." />
        </label>
        <Suspense fallback={null}>
          <Extras />
        </Suspense>
      </div>,
    );

    // The failed load throws nothing into the tree: the report and its text stay.
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByLabelText('Beschreibung')).toHaveValue('Der Abfluss ist verstopft.');
    expect(screen.queryByText('Toasts bereit')).not.toBeInTheDocument();

    // Offline, it waits for the connection rather than trying on a timer.
    await new Promise((r) => setTimeout(r, 50));
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => setOnline(true));
    expect(await screen.findByText('Toasts bereit')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByLabelText('Beschreibung')).toHaveValue('Der Abfluss ist verstopft.');
  });

  it('online, tries again after pauses that double up to the ceiling', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => {
      if (load.mock.calls.length < 5) throw chunkFailure();
      return 'geladen';
    });
    const loaded = loadWhenOnline(load, { firstPauseMs: 1_000, maxPauseMs: 4_000 });

    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1); // 1 s
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000); // 2 s
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3_999); // 4 s, the ceiling
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(4_000); // still 4 s
    expect(load).toHaveBeenCalledTimes(5);
    await expect(loaded).resolves.toBe('geladen');
  });
});
