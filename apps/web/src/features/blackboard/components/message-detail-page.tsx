import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Message } from '@hausportal/contract';
import { Page } from '@/components/ui/page';
import { NotLoaded } from '@/components/ui/not-loaded';
import { Spinner } from '@/components/ui/spinner';
import { describeError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useOnline } from '@/lib/use-online';
import { useAppDispatch, useAppSelector } from '@/lib/redux/hooks';
import { fetchComments, fetchMessage, likeMessage, selectMessage } from '../slice';
import { Attachments } from './attachments';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';
import { CountLabel } from './counts';
import { ModerationNote, SenderLine } from './message-meta';
import { ReportButton, ReportedContext, useReportedItems } from './report-button';
import { ResubmitForm } from './resubmit-form';
import { registerPostStrings } from '@/i18n/posts';

registerPostStrings();

/**
 * product §2.10: the page scrolls to the element of the URL hash, below the sticky header.
 * Pictures and comments arriving later move the target, so the position is corrected
 * while the layout settles, until the user scrolls on their own.
 */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const align = () => {
      const target = document.getElementById(id);
      if (!target) return;
      const header = document.querySelector<HTMLElement>('.app-header');
      const top = target.getBoundingClientRect().top + window.scrollY - (header?.offsetHeight ?? 0) - 8;
      window.scrollTo({ top: Math.max(0, top) });
    };
    align();
    document.getElementById(id)?.querySelector<HTMLElement>('textarea')?.focus({ preventScroll: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(align);
    observer?.observe(document.body);
    const stop = () => observer?.disconnect();
    const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    for (const name of events) window.addEventListener(name, stop, { once: true, passive: true });
    const timer = setTimeout(stop, 2000);
    return () => {
      stop();
      clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, stop);
    };
  }, [ready, hash]);
}

function ReceptionControls({ message }: { message: Message }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const liking = useAppSelector((s) => s.messages.liking === message.id);
  return (
    <div className="counts">
      <button
        type="button"
        className={`count-button${message.self_liked ? ' is-active' : ''}`}
        aria-pressed={message.self_liked}
        disabled={liking}
        aria-busy={liking}
        // product §2.10: sends the opposite of self_liked.
        onClick={() =>
          dispatch(likeMessage({ id: message.id, isLike: !message.self_liked }))
            .unwrap()
            .catch((body: unknown) => {
              // A like that did not arrive must not look as if it had (offline, above all).
              const errors = describeError(body, t);
              notify('error', errors.general ?? Object.values(errors.fields).join(' '));
            })
        }
      >
        <CountLabel
          count={message.like_count}
          label={t('blackboard.likes', { count: message.like_count })}
          icon="heart"
        />
      </button>
      <a
        className="count-button"
        href="#newComment"
        onClick={(event) => {
          event.preventDefault();
          const form = document.getElementById('newComment');
          form?.scrollIntoView({ block: 'center' });
          form?.querySelector<HTMLElement>('textarea')?.focus({ preventScroll: true });
        }}
      >
        <CountLabel
          count={message.comment_count}
          label={t('blackboard.comments', { count: message.comment_count })}
          icon="comment"
        />
      </a>
    </div>
  );
}

export default function MessageDetailPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const id = Number(useParams().messageId);
  const message = useAppSelector((s) => selectMessage(s, id));
  const missing = useAppSelector((s) => s.messages.missing.includes(id));
  const comments = useAppSelector((s) => s.messages.comments[id]);
  const commentsLoading = useAppSelector((s) => s.messages.commentsFetching.includes(id));
  const isReceptionist = useAppSelector((s) => Boolean(s.user.data?.is_receptionist));
  const viewerName = useAppSelector((s) => s.user.data?.name);
  const online = useOnline();
  const reported = useReportedItems(id, online);

  // Again when the connection returns, so that a post opened offline fills in by itself.
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0 || !online) return;
    void dispatch(fetchMessage(id));
    void dispatch(fetchComments(id));
  }, [dispatch, id, online]);

  useScrollToHash(Boolean(message));

  const interactive = isReceptionist && message?.status === 'approved';

  return (
    <ReportedContext.Provider value={reported}>
      <Page title={t('titles.blackboard')}>
        {!message && !missing && online ? <Spinner /> : null}
        {!message && !missing && !online ? <NotLoaded onRetry={() => void dispatch(fetchMessage(id))} /> : null}
        {!message && missing ? (
          <div className="card stack">
            <p>{t('detail.notFound')}</p>
            <Link to="/blackboard" className="button">
              {t('detail.toBlackboard')}
            </Link>
          </div>
        ) : null}
        {message ? (
          <>
            <article className={`card message-detail status-${message.status}`}>
              <header className="message-head">
                <SenderLine
                  name={message.user_name}
                  image={message.user_image}
                  createdAt={message.created_at}
                  size={56}
                />
                <ModerationNote message={message} />
              </header>
              <p dir="auto" className="message-body pre-line">
                {message.text}
              </p>
              <Attachments documents={message.documents} size="large" />
              {interactive ? <ReceptionControls message={message} /> : null}
              {message.status === 'approved' && message.user_name !== viewerName ? (
                <div className="item-actions">
                  <ReportButton
                    kind="messages"
                    id={message.id}
                    author={message.user_name}
                    createdAt={message.created_at}
                  />
                </div>
              ) : null}
            </article>
            {message.status === 'rejected' ? <ResubmitForm key={message.text} message={message} /> : null}
            {interactive ? <CommentForm messageId={message.id} /> : null}
            <CommentList comments={comments} loading={commentsLoading} viewerName={viewerName} />
          </>
        ) : null}
      </Page>
    </ReportedContext.Provider>
  );
}
