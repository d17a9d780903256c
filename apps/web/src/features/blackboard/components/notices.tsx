import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@hausportal/contract';
import { NoticeCard, type NoticeCardLabels } from '@/components/notice-card';
import { isOnline } from '@/lib/api-client';
import { useOnline } from '@/lib/use-online';
import { remoteCache, useRemote } from '@/lib/use-remote';
import { getNotices } from '../moderation-api';
import { markNoticeOpened } from '../notices-api';
import { registerBackOfficeStrings } from '@/i18n/back-office';

registerBackOfficeStrings();

// The last notices seen stay readable offline, like the posts.
const stored = remoteCache('blackboard')<Notice[]>('notices');
const loadNotices = () => getNotices().then((page) => page.results);

/** A notice whose end has passed is gone, also from what was stored while offline (by this device's clock). */
const current = (notices: Notice[], now: number) =>
  notices.filter((n) => n.ends_at === null || Date.parse(n.ends_at) > now);

// Notices this page has already reported as opened, so a re-render or a second list does not send again.
const reported = new Set<number>();

/**
 * Reports a notice as opened once it has been on screen (half of it visible), once per page load.
 * A failure (offline, a dropped connection) is ignored: the notice stays unopened on the server, so
 * it is sent again the next time the notice is shown, or when the phone is back online.
 */
function useOpenedWhenSeen(notice: Notice, online: boolean) {
  const ref = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (notice.opened || reported.has(notice.id) || !online || !element) return;
    const send = () => {
      if (reported.has(notice.id) || !isOnline()) return;
      reported.add(notice.id);
      markNoticeOpened(notice.id).catch(() => reported.delete(notice.id));
    };
    // Without IntersectionObserver (very old browsers) being listed on the page counts as seen.
    if (typeof IntersectionObserver === 'undefined') {
      send();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        send();
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [notice.id, notice.opened, online]);
  return ref;
}

function ResidentNotice({ notice: n, labels, online }: { notice: Notice; labels: NoticeCardLabels; online: boolean }) {
  const ref = useOpenedWhenSeen(n, online);
  return (
    <NoticeCard
      cardRef={ref}
      labels={labels}
      notice={{
        id: n.id,
        title: n.title,
        text: n.text,
        important: n.important,
        shownAt: n.starts_at ?? n.created_at,
        ends_at: n.ends_at,
        attachments: n.attachments ?? [],
      }}
    />
  );
}

/** Aushänge of the management, pinned above the posts from their start until they end. */
export function Notices() {
  const { t } = useTranslation();
  const online = useOnline();
  const notices = useRemote(stored, loadNotices).data ?? [];
  // The moment the blackboard opened: a notice that ends while it is open stays until the next visit.
  const [now] = useState(() => Date.now());

  const labels: NoticeCardLabels = {
    notice: t('backOffice.notice'),
    important: t('backOffice.important'),
    validUntil: (date) => t('backOffice.validUntil', { date }),
    attachments: t('blackboard.attachments'),
    openPdf: (name) => t('blackboard.openPdf', { name }),
  };
  const shown = current(notices, now);
  if (shown.length === 0) return null;
  return (
    <section className="stack" aria-label={t('backOffice.notice')}>
      {shown.map((n) => (
        <ResidentNotice key={n.id} notice={n} labels={labels} online={online} />
      ))}
    </section>
  );
}
