import type { CloseButtonProps } from 'react-toastify';
import { Icon } from '@/components/ui/icon';

/**
 * A toast's close button, for the resident app and the back office alike: named ('Schließen' or
 * the reader's word) and 44 × 44 px, where react-toastify's own is an unnamed 14 × 19 px cross.
 */
export function ToastClose({ closeToast, label }: CloseButtonProps & { label: string }) {
  return (
    <button type="button" className="icon-button toast-close" onClick={closeToast} aria-label={label}>
      <Icon name="close" />
    </button>
  );
}
