import { excerpt } from '../lib/format';
import { useListArgs } from '../lib/list-params';
import type { ModerationComment } from '../api/types';
import { s } from '../strings';
import { usePendingCommentsQuery } from './api';
import { QueueTab, queueColumns } from './queue-tab';

const columns = queueColumns<ModerationComment>(s.moderation.comment, (row) => (
  <blockquote className="admin-quote">
    <span className="visually-hidden">{s.moderation.onPost}: </span>
    {excerpt(row.message.text, 160)}
    <span className="admin-cell-sub">— {row.message.user_name}</span>
  </blockquote>
));

/** Pending comments, oldest first, each with the text of the post it answers. */
export function CommentsTab() {
  const result = usePendingCommentsQuery(useListArgs());
  return (
    <QueueTab
      kind="comment"
      noun={s.moderation.comment}
      caption={s.moderation.comments}
      rejectTitle={s.moderation.rejectCommentTitle}
      columns={columns}
      result={result}
    />
  );
}
