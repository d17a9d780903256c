import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@hausportal/contract';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { useOnline } from '@/lib/use-online';
import { getNotices } from '../moderation-api';
import { registerBackOfficeStrings } from '@/i18n/back-office';

registerBackOfficeStrings();

// The last notices seen stay readable offline, like the posts.
const STORED = 'hausportal.notices';

function stored(): Notice[] {
  try {
    return JSON.parse(localStorage.getItem(STORED) ?? '[]') as Notice[];
  } catch {
    return [];
  }
}

/** A notice whose end has passed is gone, also from what was stored while offline (by this device's clock). */
const current = (notices: Notice[], now: number) =>
  notices.filter((n) => n.ends_at === null || Date.parse(n.ends_at) > now);

/** Aushänge of the management, pinned above the posts until they end (issue 9). */
export function Notices() {
  const { t } = useTranslation();
  const online = useOnline();
  const [notices, setNotices] = useState<Notice[]>(stored);
  // The moment the blackboard opened: a notice that ends while it is open stays until the next visit.
  const [now] = useState(() => Date.now());

  useEffect(() => {
    if (!online) return;
    let live = true;
    getNotices().then(
      (page) => {
        if (!live) return;
        setNotices(page.results);
        try {
          localStorage.setItem(STORED, JSON.stringify(page.results));
        } catch {
          // storage full or private mode: the notices then show while online only
        }
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [online]);

  const shown = current(notices, now);
  if (shown.length === 0) return null;
  return (
    <section className="stack" aria-label={t('backOffice.notice')}>
      {shown.map((n) => (
        // A region of its own, not an <article>: the posts are the blackboard's articles.
        <section
          key={n.id}
          aria-labelledby={`notice-${n.id}`}
          className={`card notice stack${n.important ? ' notice-important' : ''}`}
        >
          <div className="notice-head">
            <span className="tag">{t('backOffice.notice')}</span>
            {n.important ? <span className="tag tag-important">{t('backOffice.important')}</span> : null}
            <h2 id={`notice-${n.id}`}>{n.title}</h2>
          </div>
          <p className="pre-line">{n.text}</p>
          <p className="muted">
            <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
            {n.ends_at ? ` · ${t('backOffice.validUntil', { date: formatDate(n.ends_at) })}` : null}
          </p>
        </section>
      ))}
    </section>
  );
}
