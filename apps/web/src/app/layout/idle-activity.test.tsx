import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderIdleWatcher } from '@/test/idle-watcher';

afterEach(() => vi.useRealTimers());

// A file of its own: react-idle-timer binds the fake clock it first loads under, and a module
// loaded once in a test file stays loaded (idle-watcher.test.tsx has its own clock).
describe('idle watcher and activity', () => {
  it('starts the hour again with every activity', async () => {
    vi.useFakeTimers();
    const { default: IdleWatcher } = await import('./idle-watcher');
    renderIdleWatcher(IdleWatcher);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59 * 60_000);
    });
    fireEvent.keyDown(document, { key: 'a' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59 * 60_000);
    });
    expect(screen.getByText('Telefonnummern')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2 * 60_000);
    });
    expect(screen.getByText('Startseite')).toBeInTheDocument();
  });
});
