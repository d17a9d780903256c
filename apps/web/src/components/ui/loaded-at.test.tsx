import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { LoadedAt } from './not-loaded';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('when offline data was loaded', () => {
  it('shows offline under the stored data, in Berlin time, and nothing online', () => {
    localStorage.setItem('loadedAt:phones', '2026-11-23T17:39:00.000Z');
    setOnline(false);
    const { unmount } = renderWithApp(<LoadedAt name="phones" />);
    expect(screen.getByText('Stand: 23.11.2026, 18:39')).toBeInTheDocument();
    unmount();
    setOnline(true);
    renderWithApp(<LoadedAt name="phones" />);
    expect(screen.queryByText(/Stand:/)).not.toBeInTheDocument();
  });
});
