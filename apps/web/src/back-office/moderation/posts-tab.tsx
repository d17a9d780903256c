import { useListArgs } from '../lib/list-params';
import type { ModerationMessage } from '../api/types';
import { s } from '../strings';
import { usePendingMessagesQuery } from './api';
import { Attachments } from './attachments';
import { QueueTab, queueColumns } from './queue-tab';

const columns = queueColumns<ModerationMessage>(s.moderation.post, (row) => <Attachments documents={row.documents} />);

/** Pending posts, oldest first: text with attachments, author, location, waiting time, decisions. */
export function PostsTab() {
  const result = usePendingMessagesQuery(useListArgs());
  return (
    <QueueTab
      kind="message"
      noun={s.moderation.post}
      caption={s.moderation.posts}
      rejectTitle={s.moderation.rejectTitle}
      columns={columns}
      result={result}
    />
  );
}
