import { ToastContainer, type CloseButtonProps } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { config } from '@/config';

/** The toast's close button: named in the reader's language and big enough for a finger (44 × 44 px). */
function CloseButton({ closeToast }: CloseButtonProps) {
  const { t } = useTranslation();
  return (
    <button type="button" className="icon-button toast-close" onClick={closeToast} aria-label={t('app.close')}>
      <Icon name="close" />
    </button>
  );
}

/**
 * product §2.3: toasts sit top-right and close after 5000 ms unless a screen says otherwise. On a
 * phone they start below the header, so the back button stays free.
 */
export default function Toasts() {
  // Re-rendered on a language change; in Arabic the toasts read and close right to left.
  const { i18n } = useTranslation();
  return (
    <ToastContainer
      position="top-right"
      autoClose={config.toast.autoCloseMs}
      newestOnTop
      closeButton={CloseButton}
      rtl={i18n.dir() === 'rtl'}
    />
  );
}
