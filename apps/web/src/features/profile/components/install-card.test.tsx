import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/test/render';
import { InstallCard } from './install-card';
import { startPwa } from '@/lib/pwa';

describe('the install hint', () => {
  it('shows nothing until the browser offers installing, then "Installieren" opens its dialog', async () => {
    await startPwa();
    renderWithApp(<InstallCard />);
    expect(screen.queryByRole('button', { name: 'Installieren' })).not.toBeInTheDocument();

    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => undefined),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => void window.dispatchEvent(offer));
    // The browser's own mini bar is held back in favour of the button.
    expect(offer.defaultPrevented).toBe(true);
    expect(screen.getByRole('heading', { name: 'Als App installieren' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Installieren' }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    // Installed: the hint goes away.
    await vi.waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Als App installieren' })).not.toBeInTheDocument(),
    );
  });
});
