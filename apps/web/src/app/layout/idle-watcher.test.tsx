import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';

afterEach(() => vi.useRealTimers());

describe('idle watcher', () => {
  it('returns a signed-in user to the home page after 60 minutes without activity', async () => {
    vi.useFakeTimers();
    // react-idle-timer binds setTimeout when it loads, so it must load after the fake timers.
    const { default: IdleWatcher } = await import('./idle-watcher');
    render(
      <MemoryRouter initialEntries={['/phone-numbers']}>
        <IdleWatcher />
        <Routes>
          <Route path="/" element={<p>Startseite</p>} />
          <Route path="/phone-numbers" element={<p>Telefonnummern</p>} />
        </Routes>
      </MemoryRouter>,
    );
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
});
