import { Link } from 'react-router';
import type { Message } from '@hausportal/contract';
import { truncate } from '@/lib/text';
import { Attachments } from './attachments';
import { ListCounts } from './counts';
import { ModerationNote, SenderLine } from './message-meta';

/** One post in the blackboard list: text cut at 150 characters, previews, counts. */
export function MessageCard({ message, showCounts }: { message: Message; showCounts: boolean }) {
  return (
    <article className={`card message-card status-${message.status}`}>
      <header className="message-head">
        <SenderLine name={message.user_name} image={message.user_image} createdAt={message.created_at} />
        <ModerationNote message={message} />
      </header>
      <Link dir="auto" className="message-text pre-line" to={`/messages/view/${message.id}`}>
        {truncate(message.text)}
      </Link>
      <Attachments documents={message.documents} />
      {showCounts && message.status === 'approved' ? <ListCounts message={message} /> : null}
    </article>
  );
}
