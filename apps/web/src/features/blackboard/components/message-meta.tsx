import { useTranslation } from 'react-i18next';
import type { Message } from '@hausportal/contract';
import { Avatar } from '@/components/ui/avatar';
import { formatRecent } from '@/lib/format-date';

/** Sender picture (or the default one), name and time of a post or comment. */
export function SenderLine({
  name,
  image,
  createdAt,
  size = 44,
}: {
  name: string;
  image: string | null;
  createdAt: string;
  size?: number;
}) {
  return (
    <div className="sender">
      <Avatar src={image} alt="" size={size} />
      <div className="sender-text">
        <span className="sender-name">{name}</span>
        <time className="sender-time" dateTime={createdAt}>
          {formatRecent(createdAt)}
        </time>
      </div>
    </div>
  );
}

/** product §5.4: the author sees a pending post marked "In Prüfung", a rejected one with its reason. */
export function ModerationNote({ message }: { message: Pick<Message, 'status' | 'rejection_reason'> }) {
  const { t } = useTranslation();
  if (message.status === 'pending') return <span className="tag tag-pending">{t('blackboard.pending')}</span>;
  if (message.status === 'rejected') {
    return (
      <div className="rejection">
        <span className="tag tag-rejected">{t('blackboard.rejected')}</span>
        {message.rejection_reason ? (
          <p>{t('blackboard.rejectionReason', { reason: message.rejection_reason })}</p>
        ) : null}
      </div>
    );
  }
  return null;
}
