import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { markBlackboardOpened } from '@/entities/blackboard-badge/slice';
import { config } from '@/config';
import { Icon } from '@/components/ui/icon';
import { Page } from '@/components/ui/page';
import { isNotLoaded, LoadedAt, NotLoaded } from '@/components/ui/not-loaded';
import { Spinner } from '@/components/ui/spinner';
import { useOnline } from '@/lib/use-online';
import { useAppDispatch, useAppSelector } from '@/lib/redux/hooks';
import { fetchMessages } from '../slice';
import { MessageCard } from './message-card';
import { Notices } from './notices';
import { Pagination } from './pagination';

export default function BlackboardPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const requested = Number.parseInt(useParams().page ?? '1', 10);
  const page = Number.isFinite(requested) && requested > 0 ? requested : 1;
  const { results, count, page: loadedPage, fetching, error } = useAppSelector((s) => s.messages);
  const user = useAppSelector((s) => s.user.data);
  const canPost = useAppSelector((s) => Boolean(s.user.data?.is_receptionist || s.location.data?.residents_can_post));
  // Known only with the profile and the location; until then nothing is said either way.
  const readOnly = useAppSelector((s) => Boolean(s.user.data && s.location.data)) && !canPost;

  const online = useOnline();

  // Again when the connection returns, so that a page opened offline fills in by itself.
  useEffect(() => {
    if (online) void dispatch(fetchMessages(page));
  }, [dispatch, page, online]);

  // Opening the blackboard resets the badge on the home screen.
  useEffect(() => {
    if (user?.id) void dispatch(markBlackboardOpened(user.id));
  }, [dispatch, user?.id]);

  const loaded = loadedPage === page;
  const messages = loaded ? results : [];
  const pages = Math.max(1, Math.ceil(count / config.pageSize));
  // An old link or a deleted post can point past the last page; that is not an empty blackboard.
  const pastEnd = loaded && !fetching && messages.length === 0 && page > pages;

  return (
    <Page
      title={t('titles.blackboard')}
      actions={
        canPost ? (
          <Link to="/messages/new" className="button button-primary">
            <Icon name="plus" />
            <span>{t('blackboard.newPost')}</span>
          </Link>
        ) : null
      }
    >
      {/* Say why there is no 'Neuer Beitrag', instead of leaving it out silently. */}
      {readOnly ? <p className="muted blackboard-read-only">{t('blackboard.readOnly')}</p> : null}
      {page === 1 ? <Notices /> : null}
      {messages.length === 0 && fetching ? <Spinner /> : null}
      {isNotLoaded(loaded, fetching, error, online) ? (
        <NotLoaded onRetry={() => void dispatch(fetchMessages(page))} />
      ) : null}
      <LoadedAt name={`messages:${page}`} />
      {pastEnd ? (
        <div className="card stack" role="status">
          <h2>{t('blackboard.pastEnd', { page })}</h2>
          <p>{t('blackboard.pastEndPages', { count: pages })}</p>
          <Link to="/blackboard" className="button button-primary">
            {t('blackboard.toFirstPage')}
          </Link>
        </div>
      ) : null}
      {loaded && messages.length === 0 && !fetching && !pastEnd ? (
        <p className="empty">{t('blackboard.empty')}</p>
      ) : null}
      <ol className="message-list" aria-busy={fetching}>
        {messages.map((message) => (
          <li key={message.id}>
            <MessageCard message={message} showCounts={Boolean(user?.is_receptionist)} />
          </li>
        ))}
      </ol>
      {pastEnd ? null : <Pagination page={page} pages={pages} />}
    </Page>
  );
}
