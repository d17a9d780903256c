import { ToastContainer, type CloseButtonProps } from 'react-toastify';
import { ToastClose } from '@/components/toast-close';
import { config } from '@/config';

const CloseButton = (props: CloseButtonProps) => <ToastClose {...props} label="Schließen" />;

/**
 * The back office's toasts sit bottom-right: at the top they covered the Status card and the
 * actions beside a ticket's heading (UX review, defect 9); nothing sticks to the bottom here.
 */
export function AdminToasts() {
  return (
    <ToastContainer
      position="bottom-right"
      autoClose={config.toast.autoCloseMs}
      newestOnTop
      closeButton={CloseButton}
    />
  );
}
