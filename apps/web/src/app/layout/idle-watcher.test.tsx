import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderIdleWatcher } from '@/test/idle-watcher';

afterEach(() => {
  vi.useRealTimers();
  vi.doUnmock('react-idle-timer');
});

describe('idle watcher', () => {
  it('returns a signed-in user to the home page after 60 minutes without activity', async () => {
    vi.useFakeTimers();
    // react-idle-timer binds setTimeout when it loads, so it must load after the fake timers.
    const { default: IdleWatcher } = await import('./idle-watcher');
    renderIdleWatcher(IdleWatcher);
    expect(screen.getByText('Telefonnummern')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_599_000);
    });
    expect(screen.getByText('Telefonnummern')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(screen.getByText('Startseite')).toBeInTheDocument();
  });

  it('asks react-idle-timer for the 60-minute time-out and the 250 ms debounce', async () => {
    // react-idle-timer applies `debounce` to its onAction callback only, which nothing here sets, so
    // the setting cannot be seen from outside; what the watcher asks the library for is checked instead.
    const useIdleTimer = vi.fn();
    vi.doMock('react-idle-timer', () => ({ useIdleTimer }));
    vi.resetModules();
    const { default: IdleWatcher } = await import('./idle-watcher');
    renderIdleWatcher(IdleWatcher);
    expect(useIdleTimer).toHaveBeenCalledWith(expect.objectContaining({ timeout: 3_600_000, debounce: 250 }));
  });
});
