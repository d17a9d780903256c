import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { notify } from '@/lib/notify';
import { AdminToasts } from './admin-toasts';

let style: HTMLStyleElement;

beforeEach(() => {
  style = document.createElement('style');
  // vitest hands CSS imports over empty: the app's own sheet, so computed sizes are the browser's.
  style.textContent = readFileSync(`${import.meta.dirname}/../../styles/global.css`, 'utf8');
  document.head.append(style);
});

afterEach(() => style.remove());

describe('back-office toasts', () => {
  it('sit bottom-right, off the Status card, with a close button named Schließen of 44 × 44 px', async () => {
    render(<AdminToasts />);
    act(() => notify('success', 'Handwerker beauftragt.'));
    const toast = (await screen.findByText('Handwerker beauftragt.')).closest('.Toastify__toast')!;
    expect(toast.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--bottom-right');
    const close = screen.getByRole('button', { name: 'Schließen' });
    expect(getComputedStyle(close)).toMatchObject({ width: '44px', height: '44px' });
    expect(toast.querySelector<HTMLElement>('[role="progressbar"]')).toHaveStyle({ animationDuration: '5000ms' });
  });
});
