import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { StatusBadge } from '../components/status-badge';
import { formatDateTime, waitingSpan } from '../lib/format';
import { s } from '../strings';
import { t } from './strings';
import type { ApiKey } from '@hausportal/contract';

/**
 * The screen of an administrator only: a manager (or a direct visit by one) reads 'Nur für
 * Administratoren.' instead; the server refuses the calls to a manager as well.
 */
export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const { data: me, isLoading } = useMeQuery();
  if (isLoading && !me) return <Spinner label={s.loading} />;
  if (me?.role !== 'admin') {
    return (
      <AdminPage title={title}>
        <div className="card integration-admin-only" role="alert">
          <p>
            <strong>{t.adminOnly}</strong>
          </p>
          <p className="muted">{t.adminOnlyText}</p>
        </div>
      </AdminPage>
    );
  }
  return <>{children}</>;
}

/** When something last happened, in words ('vor 3 Std.'), with the exact Berlin time as its title. */
export function RelativeTime({ iso, now, never }: { iso: string | null; now: number; never: string }) {
  if (!iso) return <span>{never}</span>;
  const exact = formatDateTime(iso);
  const ageMs = now - new Date(iso).getTime();
  // Beyond a month a date says more than '45 Tagen'.
  const words = ageMs > 30 * 86_400_000 ? exact : ageMs < 60_000 ? t.time.justNow : t.time.ago(waitingSpan(iso, now));
  return (
    <time dateTime={iso} title={exact}>
      {words}
    </time>
  );
}

const stateTone: Record<ApiKey['state'], string> = { active: 'active', expired: 'expired', revoked: 'rejected' };

/** 'Aktiv', 'Abgelaufen' or 'Widerrufen' as a badge (the word, not only a colour). */
export function KeyState({ state }: { state: ApiKey['state'] }) {
  return <StatusBadge status={stateTone[state]} label={t.keys.states[state]} />;
}

/**
 * A key or a webhook secret, shown once: the warning, the value in a read-only field (selected, so
 * it can be copied by hand too), 'Kopieren' and 'Fertig'. The field takes the focus, so a screen
 * reader reads the label and the value first.
 */
export function ShownOnce({
  label,
  value,
  warning,
  onDone,
}: {
  label: string;
  value: string;
  warning: string;
  onDone: () => void;
}) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    // After the modal's own effect, which remembers the opener from the focus it finds.
    const timer = setTimeout(() => {
      field.current?.focus();
      field.current?.select();
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setMessage(t.once.copied);
    } catch {
      field.current?.select();
      setMessage(t.once.copyFailed);
    }
  };
  return (
    <div className="integration-once">
      <p className="notice integration-once-warning" id={`${id}-warning`}>
        <strong>{t.once.warning}:</strong> {warning}
      </p>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          ref={field}
          className="integration-secret"
          readOnly
          rows={3}
          value={value}
          spellCheck={false}
          aria-describedby={`${id}-warning`}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <div className="button-row">
        <button type="button" className="button" onClick={() => void copy()}>
          {t.once.copy}
        </button>
        <button type="button" className="button button-primary" onClick={onDone}>
          {t.once.done}
        </button>
      </div>
      <p role="status" aria-live="polite" className="muted">
        {message}
      </p>
    </div>
  );
}
