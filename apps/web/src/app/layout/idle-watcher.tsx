import { useNavigate } from 'react-router';
import { useIdleTimer } from 'react-idle-timer';
import { config } from '@/config';

/** product §1.4: after 60 minutes without activity a signed-in user goes back home. */
export default function IdleWatcher() {
  const navigate = useNavigate();
  useIdleTimer({
    timeout: config.idle.timeoutMs,
    debounce: config.idle.debounceMs,
    onIdle: () => navigate('/'),
  });
  return null;
}
