import { ToastContainer } from 'react-toastify';
import { config } from '@/config';

/** SPEC §9: toasts sit top-right and close after 5000 ms unless a screen says otherwise. */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={config.toast.autoCloseMs} newestOnTop />;
}
