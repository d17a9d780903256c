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
});
