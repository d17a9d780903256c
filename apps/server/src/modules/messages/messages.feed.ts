import type { Message } from '@hausportal/contract';
import { commitStamp, type DB } from '../../db/database.js';
import { BoundedMap } from '../../lib/bounded-map.js';
import type { UrlSigner } from '../../lib/signing.js';
import { toMessage } from './messages.presenter.js';
import * as repo from './messages.repository.js';

/** A cached page: what every resident of the location sees, without the viewer's own flags. */
interface CachedPage {
  /** locations.feed_version read before the rows were; the page is current while it still is. */
  version: number;
  /** The signed URLs in the rows stop working then; the page is rebuilt for the next window. */
  urlsExpire: number;
  total: number;
  rows: {
    message: Message;
    authorId: number;
    rejectionReason: string | null;
    /** The post's JSON without the viewer's fields and the closing brace, encoded once (issue 34). */
    json: Buffer;
  }[];
}

/** What a page answers: its count and its JSON, built from bytes encoded once per cached page. */
export interface FeedResult {
  count: number;
  /** `head` (the envelope up to and including `"results":[`), the posts, then `]}`. */
  body(head: string): Buffer;
}

const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');
/** The viewer's fields of a post the viewer did not write, by [liked][commented]. */
const FLAGS = [false, true].map((liked) =>
  [false, true].map((commented) =>
    Buffer.from(`,"self_liked":${liked},"self_commented":${commented},"rejection_reason":null}`),
  ),
);

/** A post's JSON without the viewer's three fields and without its closing brace. */
function rowJson(message: Message): Buffer {
  const { self_liked: _liked, self_commented: _commented, rejection_reason: _reason, ...shared } = message;
  return Buffer.from(JSON.stringify(shared).slice(0, -1));
}

/** A viewer's own unapproved posts as page 1 shows them above the approved ones. */
interface CachedOwn {
  version: number;
  urlsExpire: number;
  /** The ids the rows were loaded for; another set (a post approved, a rejection aged out) reloads. */
  ids: string;
  messages: Message[];
}

/**
 * Blackboard pages per location and page number, and each author's own unapproved posts, in this
 * process (ADR 018). No invalidation messages are needed between processes or machines: every
 * request reads the location's feed version in the same statement as the viewer's flags, and a
 * page built at an older version is rebuilt. Triggers raise the version in the transaction of every write that changes a page
 * (migration 007), so a like, a comment count, an approval or a new name shows on the next
 * request, whichever process serves it.
 */
export class FeedCache {
  /** By `location:page`; 500 pages of PAGE_SIZE posts stay under 10 MB. */
  readonly pages = new BoundedMap<string, CachedPage>(500);
  /** By user id. */
  readonly own = new BoundedMap<number, CachedOwn>(2000);
  /** Rebuilds under way, by page, version and URL window (pageAt). */
  readonly building = new Map<string, Promise<CachedPage>>();
  /**
   * A viewer's state of a page (version, flags, own posts, token check) by `user:page:token`, kept
   * while nothing has been committed since it was read and for at most VIEWER_STATE_MS (SQLite;
   * issue 34). A like, a post, a logout or a deactivation is a commit, so it shows at once.
   */
  readonly viewers = new BoundedMap<string, { stamp: string; at: number; state: repo.FeedViewerState }>(5000);
}

/** How long a viewer's state is reused while nothing is committed: the own rejected posts age by time. */
const VIEWER_STATE_MS = 1_000;

/**
 * One page of the blackboard for a viewer: page 1 starts with the viewer's own posts awaiting
 * moderation or recently rejected; `count` and the paging are those of the approved posts. A
 * page served from the cache costs one statement. A stale one adds its rebuild, shared by the
 * requests that find it stale together, and one statement for the viewer's flags when the page's
 * posts changed. With `token` (a user from the token cache) the first statement also checks the
 * token; null means it failed.
 */
export async function feedPage(
  db: DB,
  cache: FeedCache,
  signer: UrlSigner,
  v: repo.Viewer,
  page: number,
  pageSize: number,
  token?: repo.TokenCheck,
): Promise<FeedResult | null> {
  const urlsExpire = signer.expiry();
  const key = `${v.locationId}:${page}`;
  let cached = cache.pages.get(key);
  if (cached?.urlsExpire !== urlsExpire) cached = undefined;
  // Nothing committed since this viewer's last request on this page: its state still holds.
  const stamp = commitStamp(db);
  const viewerKey = `${v.userId}:${page}:${token?.tokenId ?? ''}`;
  const reused = stamp === null ? undefined : cache.viewers.get(viewerKey);
  let state =
    reused &&
    reused.stamp === stamp &&
    Date.now() - reused.at < VIEWER_STATE_MS &&
    cached?.version === reused.state.version
      ? reused.state
      : await repo.feedViewerState(db, v, cached ? ids(cached) : [], page === 1, token);
  if (!state.tokenValid) return null;

  if (!cached || cached.version !== state.version) {
    const flagged = cached ? ids(cached) : [];
    cached = await pageAt(db, cache, signer, v.locationId, page, pageSize, state.version, urlsExpire);
    // A like changes no ids, and the flags just read are the viewer's for exactly these posts.
    const now = ids(cached);
    if (now.length && now.join() !== flagged.join()) {
      const { liked, commented } = await repo.feedViewerState(db, v, now, false);
      state = { ...state, liked, commented };
    }
  }

  if (stamp !== null && state !== reused?.state) cache.viewers.set(viewerKey, { stamp, at: Date.now(), state });
  const own = await ownPosts(db, cache, signer, v, state, urlsExpire, pageSize);
  const rows = cached.rows;
  return {
    count: cached.total,
    // The shared part of each post is bytes already; per request only the viewer's flags are added.
    body: (head) => {
      const parts: Buffer[] = [Buffer.from(head)];
      for (const m of own) {
        if (parts.length > 1) parts.push(COMMA);
        parts.push(Buffer.from(JSON.stringify(m)));
      }
      for (const r of rows) {
        if (parts.length > 1) parts.push(COMMA);
        parts.push(r.json);
        const [liked, commented] = [state.liked.has(r.message.id), state.commented.has(r.message.id)];
        parts.push(
          r.authorId === v.userId
            ? Buffer.from(
                `,"self_liked":${liked},"self_commented":${commented},"rejection_reason":${JSON.stringify(r.rejectionReason)}}`,
              )
            : FLAGS[Number(liked)]![Number(commented)]!,
        );
      }
      parts.push(CLOSE);
      return Buffer.concat(parts);
    },
  };
}

const ids = (page: CachedPage) => page.rows.map((r) => r.message.id);

/**
 * The page at `version`: the one another request stored meanwhile, the rebuild already under way,
 * or a new rebuild. After a like every request in flight finds its page stale at once; this way
 * they share one rebuild instead of each running the page's statements.
 */
function pageAt(
  db: DB,
  cache: FeedCache,
  signer: UrlSigner,
  locationId: number,
  page: number,
  pageSize: number,
  version: number | null,
  urlsExpire: number,
): Promise<CachedPage> {
  const key = `${locationId}:${page}`;
  const stored = cache.pages.get(key);
  if (stored && stored.version === version && stored.urlsExpire === urlsExpire) return Promise.resolve(stored);
  const id = `${key}@${version}@${urlsExpire}`;
  let rebuild = cache.building.get(id);
  if (!rebuild) {
    rebuild = (async (): Promise<CachedPage> => {
      // The version was read before the rows: a write in between leaves a page newer than its
      // version, which only makes the next request rebuild it once more.
      const rows = await repo.listApprovedPage(db, locationId, page, pageSize);
      const built = {
        version: version ?? -1,
        urlsExpire,
        total: rows.length ? Number(rows[0]!.total) : await repo.countApproved(db, locationId),
        rows: rows.map((m) => {
          const message = toMessage(m, -1, signer);
          return { message, authorId: m.user_id, rejectionReason: m.rejection_reason, json: rowJson(message) };
        }),
      };
      // A location that is gone has no version, and a newer page stored meanwhile stays.
      const current = cache.pages.get(key);
      const newer = current && current.urlsExpire === urlsExpire && current.version > built.version;
      if (version !== null && !newer) cache.pages.set(key, built);
      return built;
    })().finally(() => cache.building.delete(id));
    cache.building.set(id, rebuild);
  }
  return rebuild;
}

/** The viewer's own unapproved posts for page 1, from the cache while their version holds. */
async function ownPosts(
  db: DB,
  cache: FeedCache,
  signer: UrlSigner,
  v: repo.Viewer,
  state: repo.FeedViewerState,
  urlsExpire: number,
  pageSize: number,
): Promise<Message[]> {
  if (!state.own.length) return [];
  const key = state.own.sort((a, b) => a - b).join(',');
  const hit = cache.own.get(v.userId);
  if (hit && hit.version === state.ownVersion && hit.urlsExpire === urlsExpire && hit.ids === key) return hit.messages;
  // Version first (state), rows after: a change in between only makes the next request reload.
  const rows = await repo.findOwnMessages(db, v, state.own, pageSize);
  const messages = rows.map((m) => toMessage(m, v.userId, signer));
  cache.own.set(v.userId, { version: state.ownVersion, urlsExpire, ids: key, messages });
  return messages;
}
