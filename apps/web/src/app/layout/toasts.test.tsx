import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { notify } from '@/lib/notify';
import Toasts from './toasts';

describe('toasts', () => {
  it('appear top-right and close after 5000 ms', async () => {
    render(<Toasts />);
    act(() => notify('success', 'Ihr Profilbild wurde gespeichert.'));
    const toast = (await screen.findByText('Ihr Profilbild wurde gespeichert.')).closest('.Toastify__toast')!;
    expect(toast.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-right');
    // react-toastify closes a toast when its progress bar's animation ends; jsdom runs no
    // animations, so the bar's duration is what says when it closes.
    const bar = toast.querySelector<HTMLElement>('[role="progressbar"]');
    expect(bar).toHaveStyle({ animationDuration: '5000ms' });
  });

  it('puts a quiet toast at the bottom, off the heading, and out of the screen reader', async () => {
    render(<Toasts />);
    act(() => notify('success', 'Ihre Anfrage wurde erfolgreich versendet.', 3000, { quiet: true }));
    const toast = (await screen.findByText('Ihre Anfrage wurde erfolgreich versendet.')).closest('.Toastify__toast')!;
    expect(toast.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--bottom-center');
    expect(toast).not.toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toast.querySelector<HTMLElement>('[role="progressbar"]')).toHaveStyle({ animationDuration: '3000ms' });
  });
});
