import { parseJsonArray } from '../../db/database.js';
import { definePersonalData } from '../../personal-data/define.js';
import { contentOf, deleteBlackboardOpened, deleteContentOf } from './messages.repository.js';

/**
 * Posts, comments, likes and the last visit of the blackboard. Erasure keeps the content under an
 * anonymous author, or deletes it when asked (with the reports on it, and the counts redone).
 */
export const messagePersonalData = definePersonalData({
  module: 'messages',
  tables: ['messages', 'comments', 'likes', 'blackboard_opened'],
  async exportPersonalData(db, userId, link) {
    const { posts, comments, likes, opened } = await contentOf(db, userId);
    return {
      posts: posts.map(({ attachments, ...p }) => ({
        ...p,
        like_count: Number(p.like_count),
        comment_count: Number(p.comment_count),
        attachments: parseJsonArray(attachments).map(({ file_key, ...a }) => ({ ...a, file: link(file_key) })),
      })),
      comments,
      likes,
      blackboard_opened: opened?.date_blackboard_opened ?? null,
    };
  },
  async erasePersonalData(trx, userId, how) {
    await deleteBlackboardOpened(trx, userId);
    return how.content === 'delete' ? deleteContentOf(trx, userId) : [];
  },
});
