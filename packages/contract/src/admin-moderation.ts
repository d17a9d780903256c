import { z } from 'zod';
import { MODERATION_STATUSES } from './constants.js';
import { bodyId, requiredTrimmedText, textId, trimmedText } from './fields.js';
import { listQuery, messageCreate } from './schemas.js';

// Moderation, reports (DSA Art. 16/17) and official notices; see
// docs/decisions/014-back-office.md. The admin app validates its forms with the same schemas.

/** A reason a manager must give: the author or reporter reads it (DSA Art. 17). */
export const REASON_REQUIRED = 'Bitte geben Sie eine Begründung an.';
const reason = trimmedText(1000);

// ---- the queue ----

/** What a manager moderates. */
export const MODERATED_KINDS = ['message', 'comment'] as const;
export type ModeratedKind = (typeof MODERATED_KINDS)[number];

export const moderationQuery = listQuery.extend({
  status: z.enum([...MODERATION_STATUSES, 'hidden']).default('pending'),
  location_id: textId.optional(),
});

const queueAttachment = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(['image', 'pdf']),
  document: z.string(),
  thumbnail: z.string().nullable(),
});

/** What the back office shows of every post and comment: who wrote it where, and its state. */
const moderatedItem = z.object({
  id: z.number(),
  text: z.string(),
  status: z.enum([...MODERATION_STATUSES, 'hidden']),
  created_at: z.string(),
  location_id: z.number(),
  location_title: z.string(),
  user_name: z.string(),
  apartment_number: z.string(),
  rejection_reason: z.string().nullable(),
});

/** A post in the back office, with its attachments to preview. */
export const adminMessage = moderatedItem.extend({ documents: z.array(queueAttachment) });
export type AdminMessage = z.infer<typeof adminMessage>;

/** A comment in the back office, with the post it belongs to. */
export const adminComment = moderatedItem.extend({
  message: z.object({ id: z.number(), text: z.string(), user_name: z.string() }),
});
export type AdminComment = z.infer<typeof adminComment>;

/** A decision on one post or comment; a rejection needs a reason. */
export const moderationDecision = z
  .object({ status: z.enum(['approved', 'rejected']), rejection_reason: reason.optional() })
  .superRefine((d, ctx) => {
    if (d.status === 'rejected' && !d.rejection_reason) {
      ctx.addIssue({ code: 'custom', path: ['rejection_reason'], message: REASON_REQUIRED });
    }
  });
export type ModerationDecision = z.infer<typeof moderationDecision>;
export const moderationDecided = z.object({ id: z.number(), status: z.enum(['approved', 'rejected']) });

/** Several posts and comments approved together, all or none. */
export const bulkApproval = z.object({
  items: z
    .array(z.object({ kind: z.enum(MODERATED_KINDS), id: bodyId }))
    .min(1, { error: 'Bitte wählen Sie mindestens einen Eintrag aus.' })
    .max(100, { error: 'Höchstens 100 Einträge auf einmal.' }),
  status: z.literal('approved'),
});
export const bulkApproved = z.object({ approved: z.number() });

export const moderationSummaryQuery = z.object({ location_id: textId.optional() });
/** What waits for a manager, for the navigation's count. */
export const moderationSummary = z.object({
  pending_messages: z.number(),
  pending_comments: z.number(),
  open_reports: z.number(),
  total: z.number(),
});
export type ModerationSummary = z.infer<typeof moderationSummary>;

// ---- reports ----

/** Why a resident reports a post or comment; 'rechtswidrig' is illegal content (DSA Art. 16). */
export const REPORT_REASONS = ['rechtswidrig', 'beleidigend', 'spam', 'persoenlich', 'sonstiges'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** Open reports from this many different residents hide an item until a manager decides. */
export const REPORTS_TO_HIDE = 3;
export const REPORT_RECEIVED =
  'Danke für Ihren Hinweis. Die Hausverwaltung prüft den Inhalt und teilt Ihnen die Entscheidung mit.';
export const OWN_CONTENT_NOT_REPORTABLE = 'Eigene Beiträge können nicht gemeldet werden.';

export const reportCreate = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'Bitte wählen Sie einen Grund.' }),
  text: trimmedText(2000).optional(),
});
export const REPORT_STATUSES = ['open', 'removed', 'kept'] as const;
export const reportReceived = z.object({ id: z.number(), status: z.enum(REPORT_STATUSES), detail: z.string() });

/** A resident's own report and what became of it. */
export const myReport = z.object({
  id: z.number(),
  kind: z.enum(MODERATED_KINDS),
  target_id: z.number(),
  message_id: z.number().nullable(),
  excerpt: z.string(),
  reason: z.enum(REPORT_REASONS),
  text: z.string(),
  status: z.enum(REPORT_STATUSES),
  decision_reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type MyReport = z.infer<typeof myReport>;

/**
 * `GET /api/reports/`: the caller's reports; with `message_id` only those about that post and
 * its comments, so the post's page shows 'Gemeldet' where the resident reported.
 */
export const myReportsQuery = listQuery.extend({ message_id: textId.optional() });

export const reportQueueQuery = listQuery.extend({
  status: z.enum(REPORT_STATUSES).default('open'),
  location_id: textId.optional(),
});

/** One reported item in the queue, with every report's reason; reporters stay anonymous. */
export const reportedItem = z.object({
  kind: z.enum(MODERATED_KINDS),
  id: z.number(),
  text: z.string(),
  user_name: z.string(),
  location_id: z.number(),
  location_title: z.string(),
  message_id: z.number().nullable(),
  item_status: z.enum([...MODERATION_STATUSES, 'hidden']),
  report_count: z.number(),
  first_reported_at: z.string(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), text: z.string(), created_at: z.string() })),
});
export type ReportedItem = z.infer<typeof reportedItem>;

/** 'remove' takes the item down with a reason its author sees; 'keep' leaves (or puts) it up. */
export const reportDecision = z
  .object({
    kind: z.enum(MODERATED_KINDS),
    id: bodyId,
    decision: z.enum(['remove', 'keep']),
    reason: reason.optional(),
  })
  .superRefine((d, ctx) => {
    if (d.decision === 'remove' && !d.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: REASON_REQUIRED });
  });
export const reportDecided = z.object({
  kind: z.enum(MODERATED_KINDS),
  id: z.number(),
  decision: z.enum(['remove', 'keep']),
});

// ---- a rejected post, edited and submitted again ----

/** The same field as a new post: the text is checked as messageCreate checks it. */
export const messageResubmit = messageCreate;
export const NOT_REJECTED = 'Nur abgelehnte Beiträge können bearbeitet und erneut eingereicht werden.';

// ---- notices (Aushänge) ----

/** A notice as a manager writes it; `ends_at` empty means until it is deleted. */
export const noticeInput = z.object({
  title: requiredTrimmedText(200),
  text: requiredTrimmedText(10_000),
  important: z.boolean().default(false),
  ends_at: z.iso.datetime({ offset: true, error: 'Bitte geben Sie ein gültiges Datum an.' }).nullable().default(null),
  /** 'Sichtbar ab': residents see it (and hear of it) from then on; empty means at once. */
  starts_at: z.iso.datetime({ offset: true, error: 'Bitte geben Sie ein gültiges Datum an.' }).nullable().default(null),
  location_ids: z.array(bodyId).min(1, { error: 'Bitte wählen Sie mindestens einen Standort.' }).max(1000),
});
export type NoticeInput = z.input<typeof noticeInput>;
export const NOTICE_ENDS_IN_PAST = 'Das Enddatum muss in der Zukunft liegen.';
export const NOTICE_ENDS_BEFORE_START = 'Das Enddatum muss nach dem Beginn liegen.';
/** PDFs per notice, each at most MAX_FILE_BYTES (10 MB). */
export const NOTICE_MAX_ATTACHMENTS = 5;
export const NOTICE_TOO_MANY_ATTACHMENTS = `Ein Aushang kann höchstens ${NOTICE_MAX_ATTACHMENTS} PDF-Anhänge haben.`;

/** A PDF of a notice: its name, size in bytes and signed link. */
export const noticeAttachment = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  document: z.string(),
});
export type NoticeAttachment = z.infer<typeof noticeAttachment>;

export const adminNotice = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  important: z.boolean(),
  ends_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  location_ids: z.array(z.number()),
  locations: z.array(z.object({ id: z.number(), title: z.string() })),
  active: z.boolean(),
  author_name: z.string().nullable(),
  starts_at: z.string().nullable(),
  /** Not started yet: the list shows 'Geplant ab {date}'. */
  scheduled: z.boolean(),
  attachments: z.array(noticeAttachment),
  /**
   * 'gelesen von {opened} von {households} Haushalten': households are distinct apartments of the
   * notice's locations with an active resident; only counts, never who.
   */
  reads: z.object({ opened: z.number(), households: z.number() }),
});
export type AdminNotice = z.infer<typeof adminNotice>;
export const noticeQuery = listQuery.extend({ location_id: textId.optional() });

/** A notice on a resident's blackboard. */
export const notice = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  important: z.boolean(),
  created_at: z.string(),
  ends_at: z.string().nullable(),
  starts_at: z.string().nullable(),
  attachments: z.array(noticeAttachment),
  /** The resident has seen it on screen (POST …/opened/). */
  opened: z.boolean(),
  /** The resident put it away (POST …/dismissed/); a 'Wichtig' one then leaves the top of the home screen. */
  dismissed: z.boolean(),
});
export type Notice = z.infer<typeof notice>;
