import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { markBlackboardOpened } from '@/entities/blackboard-badge/slice';
import { config } from '@/config';
import { Icon } from '@/components/ui/icon';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { useAppDispatch, useAppSelector } from '@/lib/redux/hooks';
import { fetchMessages } from '../slice';
import { MessageCard } from './message-card';
import { Pagination } from './pagination';

export default function BlackboardPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const requested = Number.parseInt(useParams().page ?? '1', 10);
  const page = Number.isFinite(requested) && requested > 0 ? requested : 1;
  const { results, count, page: loadedPage, fetching } = useAppSelector((s) => s.messages);
  const user = useAppSelector((s) => s.user.data);
  const canPost = useAppSelector((s) => Boolean(s.user.data?.is_receptionist || s.location.data?.residents_can_post));

  useEffect(() => {
    void dispatch(fetchMessages(page));
  }, [dispatch, page]);

  // Opening the blackboard resets the badge on the home screen.
  useEffect(() => {
    if (user?.id) void dispatch(markBlackboardOpened(user.id));
  }, [dispatch, user?.id]);

  const messages = loadedPage === page ? results : [];
  const pages = Math.max(1, Math.ceil(count / config.pageSize));

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
      {messages.length === 0 && fetching ? <Spinner /> : null}
      {messages.length === 0 && !fetching ? <p className="empty">{t('blackboard.empty')}</p> : null}
      <ol className="message-list" aria-busy={fetching}>
        {messages.map((message) => (
          <li key={message.id}>
            <MessageCard message={message} showCounts={Boolean(user?.is_receptionist)} />
          </li>
        ))}
      </ol>
      <Pagination page={page} pages={pages} />
    </Page>
  );
}
