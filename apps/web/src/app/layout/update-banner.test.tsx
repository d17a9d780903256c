import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/test/render';

// vite-plugin-pwa's registration module exists only in its build; here it is a stand-in that
// hands out the callbacks the banner gives it.
const sw = vi.hoisted(() => ({
  options: null as null | { onNeedRefresh?: () => void },
  update: vi.fn(async () => undefined),
}));
vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: { onNeedRefresh?: () => void }) => {
    sw.options = options;
    return sw.update;
  },
}));

describe('a new version', () => {
  it('is announced with "Neue Version verfügbar – neu laden", and the tap activates it', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
    const { default: UpdateBanner } = await import('./update-banner');
    renderWithApp(<UpdateBanner />);
    await vi.waitFor(() => expect(sw.options).not.toBeNull());
    expect(screen.queryByText(/Neue Version/)).not.toBeInTheDocument();

    act(() => sw.options!.onNeedRefresh!());
    expect(screen.getByRole('status')).toHaveTextContent('Neue Version verfügbar – neu laden');
    await userEvent.click(screen.getByRole('button', { name: 'neu laden' }));
    expect(sw.update).toHaveBeenCalledWith(true);
  });
});
