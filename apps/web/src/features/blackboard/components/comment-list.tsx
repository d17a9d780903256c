import { useTranslation } from 'react-i18next';
import type { Comment } from '@hausportal/contract';
import { Spinner } from '@/components/ui/spinner';
import { ModerationNote, SenderLine } from './message-meta';
import { ReportButton } from './report-button';
import { registerPostStrings } from '@/i18n/posts';

registerPostStrings();

export function CommentList({
  comments,
  loading,
  viewerName,
}: {
  comments: Comment[] | undefined;
  loading: boolean;
  /** The viewer's own comments cannot be reported. */
  viewerName?: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading">{t('detail.commentsHeading')}</h2>
      {!comments && loading ? <Spinner /> : null}
      {comments && comments.length === 0 ? <p className="empty">{t('detail.noComments')}</p> : null}
      {comments && comments.length > 0 ? (
        <ol className="comment-list">
          {comments.map((comment) => (
            <li key={comment.id} className="comment">
              <div className="message-head">
                <SenderLine
                  name={comment.user_name}
                  image={comment.user_image}
                  createdAt={comment.created_at}
                  size={36}
                />
                <ModerationNote message={comment} />
              </div>
              <p dir="auto" className="pre-line">
                {comment.text}
              </p>
              {comment.status === 'approved' && comment.user_name !== viewerName ? (
                <div className="item-actions">
                  <ReportButton
                    kind="comments"
                    id={comment.id}
                    author={comment.user_name}
                    createdAt={comment.created_at}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
