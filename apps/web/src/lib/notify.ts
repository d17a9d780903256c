import { config } from '@/config';

type Kind = 'success' | 'error' | 'info';

/**
 * Shows a toast. react-toastify is loaded on first use, so screens that never toast (the
 * login above all) do not carry it.
 */
export function notify(
  kind: Kind,
  message: string,
  autoCloseMs: number = config.toast.autoCloseMs,
  /**
   * `quiet`: the screen confirms it itself (and moves the focus there), so the toast sits at the
   * bottom, off the page's heading, and is not announced a second time.
   */
  { quiet = false }: { quiet?: boolean } = {},
): void {
  void import('react-toastify').then(({ toast }) => {
    // The same message twice (a second request sent while the first toast shows) is one toast.
    toast[kind](message, {
      autoClose: autoCloseMs,
      toastId: `${kind}:${message}`,
      ...(quiet ? { position: 'bottom-center' as const, role: 'presentation' } : {}),
    });
  });
}
