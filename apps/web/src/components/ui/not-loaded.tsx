import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';
import { loadedAt } from '@/lib/loaded-at';
import { useOnline } from '@/lib/use-online';
import { Icon } from './icon';

/**
 * Whether a screen shows `NotLoaded`: it holds nothing, nothing is on its way, and either the
 * browser is offline or the last load failed. The one rule for every screen.
 */
export function isNotLoaded(held: boolean, fetching: boolean, error: unknown, online: boolean): boolean {
  return !held && !fetching && (!online || error !== null);
}

/**
 * What a screen shows when it has nothing stored to show and could not load it: never a blank
 * page, and never an "empty" text that would claim there is nothing (no phones, no posts) when
 * there may be. Offline it says so; online (the server did not answer) it offers a retry.
 */
export function NotLoaded({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div className="card notice-offline" role="status">
      <Icon name="alert" />
      <div className="stack">
        <h2>{online ? t('app.screenFailedTitle') : t('app.notLoadedTitle')}</h2>
        <p>{online ? t('app.screenFailed') : t('app.notLoadedOffline')}</p>
        {online ? (
          <button type="button" className="button" onClick={onRetry}>
            {t('app.retry')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Offline, under data from storage: when it was loaded ('Stand: 23.11.2026, 18:39'), so a
 * resident knows how old the phone numbers or posts on the screen are. Nothing online.
 */
export function LoadedAt({ name }: { name: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const at = online ? null : loadedAt(name);
  if (!at) return null;
  return <p className="loaded-at">{t('app.loadedAt', { date: formatDateTime(at) })}</p>;
}
