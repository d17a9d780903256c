import type { z } from 'zod';
import type {
  AdminComment,
  AdminMessage,
  AdminNotice,
  adminTicketSummary,
  ModeratedKind,
  ModerationSummary,
  NoticeInput,
  Paginated,
  ReportedItem,
} from '@hausportal/contract';

// The back office's names for the contract's moderation and notice shapes (admin-moderation.ts).

export type { AdminNotice, ModerationSummary, Paginated, ReportedItem };
export type ModerationMessage = AdminMessage;
export type ModerationComment = AdminComment;
export type ModerationDocument = AdminMessage['documents'][number];
export type ModerationKind = ModeratedKind;
/** `GET /api/admin/tickets/summary/`: new tickets, and how many wait too long. */
export type TicketSummary = z.infer<typeof adminTicketSummary>;
/** What `POST`/`PUT /api/admin/notices/` take. */
export type AdminNoticeInput = Required<Omit<NoticeInput, 'ends_at'>> & { ends_at: string | null };
