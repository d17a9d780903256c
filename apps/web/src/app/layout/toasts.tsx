import { ToastContainer, type CloseButtonProps } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { ToastClose } from '@/components/toast-close';
import { config } from '@/config';

/** The toast's close button, named in the reader's language. */
function CloseButton(props: CloseButtonProps) {
  const { t } = useTranslation();
  return <ToastClose {...props} label={t('app.close')} />;
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
