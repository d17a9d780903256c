import { config } from '@/config';

type Kind = 'success' | 'error' | 'info';

/**
 * Shows a toast. react-toastify is loaded on first use, so screens that never toast (the
 * login above all) do not carry it.
 */
export function notify(kind: Kind, message: string, autoCloseMs: number = config.toast.autoCloseMs): void {
  void import('react-toastify').then(({ toast }) => {
    // The same message twice (a second request sent while the first toast shows) is one toast.
    toast[kind](message, { autoClose: autoCloseMs, toastId: `${kind}:${message}` });
  });
}
