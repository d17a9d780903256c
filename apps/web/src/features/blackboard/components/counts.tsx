import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Message } from '@hausportal/contract';
import { Icon } from '@/components/ui/icon';
import { useWide } from '@/lib/use-wide';

/**
 * product §2.9: likes and comments as text with counts on wide screens, counts only on narrow
 * ones (the words stay available to screen readers).
 */
export function CountLabel({ count, label, icon }: { count: number; label: string; icon: 'heart' | 'comment' }) {
  const wide = useWide();
  return (
    <>
      <Icon name={icon} />
      <span className="count">{count}</span>{' '}
      {wide ? <span className="count-label">{label}</span> : <span className="visually-hidden">{label}</span>}
    </>
  );
}

/** The counts under a post in the list, for receptionists; both lead to the post. */
export function ListCounts({ message }: { message: Message }) {
  const { t } = useTranslation();
  return (
    <div className="counts">
      <Link className={`count-link${message.self_liked ? ' is-active' : ''}`} to={`/messages/view/${message.id}`}>
        <CountLabel
          count={message.like_count}
          label={t('blackboard.likes', { count: message.like_count })}
          icon="heart"
        />
      </Link>
      <Link className="count-link" to={`/messages/view/${message.id}#newComment`}>
        <CountLabel
          count={message.comment_count}
          label={t('blackboard.comments', { count: message.comment_count })}
          icon="comment"
        />
      </Link>
    </div>
  );
}
