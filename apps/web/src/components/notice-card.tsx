import type { Ref } from 'react';
import { formatDate, formatDateTime } from '@/lib/format-date';

/** What a notice card shows: the resident's notice, or the back office's form as a preview. */
export interface NoticeCardData {
  id: number | string;
  title: string;
  text: string;
  important: boolean;
  /** When residents see it appear: its start, else when it was published. */
  shownAt: string;
  ends_at: string | null;
  attachments: { id: number | string; name: string; document: string | null }[];
}

/** The card's words: the residents' app passes its translations, the back office its strings. */
export interface NoticeCardLabels {
  notice: string;
  important: string;
  validUntil: (date: string) => string;
  attachments: string;
  openPdf: (name: string) => string;
}

/**
 * One notice as residents see it on the blackboard: 'Wichtig' highlighted, the
 * text with its line breaks, its PDFs as links, when it appeared and until when it holds. The back
 * office's form shows the same card as its 'Vorschau', so what a manager sees is what residents get.
 */
export function NoticeCard({
  notice: n,
  labels,
  headingLevel = 2,
  cardRef,
  region = true,
}: {
  notice: NoticeCardData;
  labels: NoticeCardLabels;
  headingLevel?: 2 | 3;
  cardRef?: Ref<HTMLElement>;
  /** A region named by its title (the blackboard); off inside a region of its own (the preview). */
  region?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `notice-${n.id}`;
  return (
    // A region of its own, not an <article>: the posts are the blackboard's articles.
    <section
      ref={cardRef}
      aria-labelledby={region ? headingId : undefined}
      className={`card notice stack${n.important ? ' notice-important' : ''}`}
    >
      <div className="notice-head">
        <span className="tag">{labels.notice}</span>
        {n.important ? <span className="tag tag-important">{labels.important}</span> : null}
        <Heading id={headingId}>
          <bdi>{n.title}</bdi>
        </Heading>
      </div>
      <p dir="auto" className="pre-line">
        {n.text}
      </p>
      {n.attachments.length ? (
        <div className="attachments attachments-small" role="group" aria-label={labels.attachments}>
          {n.attachments.map((a) =>
            a.document ? (
              <a
                key={a.id}
                className="attachment-pdf"
                href={a.document}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={labels.openPdf(a.name)}
              >
                <img src="/icons/document.svg" alt="" width={28} height={28} />
                <span dir="auto">{a.name}</span>
              </a>
            ) : (
              // A file chosen in the form but not uploaded yet has no link.
              <span key={a.id} className="attachment-pdf">
                <img src="/icons/document.svg" alt="" width={28} height={28} />
                <span dir="auto">{a.name}</span>
              </span>
            ),
          )}
        </div>
      ) : null}
      <p className="muted">
        <time dateTime={n.shownAt}>{formatDateTime(n.shownAt)}</time>
        {n.ends_at ? ` · ${labels.validUntil(formatDate(n.ends_at))}` : null}
      </p>
    </section>
  );
}
