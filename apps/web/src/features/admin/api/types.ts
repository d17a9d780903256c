import type { Paginated } from '@hausportal/contract';

// The moderation and notice shapes of /work/notes/admin-api.md. packages/contract/src/
// admin-moderation.ts had no schemas yet when the back office was written, so they are typed
// here; once the contract exports them, these can become re-exports of its inferred types.

export type { Paginated };

/** An attachment of a pending post. */
export interface ModerationDocument {
  id: number;
  name: string;
  kind: 'image' | 'pdf';
  document: string;
  thumbnail: string | null;
}

/** A post in the moderation queue (`GET /api/admin/messages/`). */
export interface ModerationMessage {
  id: number;
  text: string;
  status: string;
  created_at: string;
  location_id: number;
  location_title: string;
  user_name: string;
  apartment_number: string;
  rejection_reason: string | null;
  documents: ModerationDocument[];
}

/** A comment in the moderation queue (`GET /api/admin/comments/`). */
export interface ModerationComment {
  id: number;
  text: string;
  status: string;
  created_at: string;
  location_id: number;
  location_title: string;
  user_name: string;
  apartment_number: string;
  message: { id: number; text: string; user_name: string };
}

export type ModerationKind = 'message' | 'comment';

/** One reported item with all its open reports (`GET /api/admin/reports/`). */
export interface ReportedItem {
  kind: ModerationKind;
  id: number;
  text: string;
  user_name: string;
  location_id: number;
  location_title: string;
  message_id: number | null;
  item_status: string;
  report_count: number;
  reasons: { reason: string; text: string | null; created_at: string }[];
  first_reported_at: string;
}

/** The nav badge's numbers (`GET /api/admin/moderation/summary/`). */
export interface ModerationSummary {
  pending_messages: number;
  pending_comments: number;
  open_reports: number;
  total: number;
}

/** A notice (Aushang) as the back office lists and edits it. */
export interface AdminNotice {
  id: number;
  title: string;
  text: string;
  important: boolean;
  ends_at: string | null;
  created_at: string;
  updated_at: string | null;
  location_ids: number[];
  locations: { id: number; title: string }[];
  active: boolean;
  author_name: string;
}

/** What `POST`/`PUT /api/admin/notices/` take. */
export interface AdminNoticeInput {
  title: string;
  text: string;
  important: boolean;
  ends_at: string | null;
  location_ids: number[];
}
