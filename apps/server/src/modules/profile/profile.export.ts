import type { ProfileExport } from '@hausportal/contract';
import { parseJsonArray } from '../../db/database.js';
import type { UrlSigner } from '../../lib/signing.js';
import { readSettings } from '../notifications/preferences.js';
import type { collectUserData } from './profile.repository.js';
import { UNKNOWN_DEVICE } from './profile.presenter.js';

type Collected = Awaited<ReturnType<typeof collectUserData>>;

/**
 * The export as the resident downloads it: German section names are left to the reader's
 * tools, the keys are stable English identifiers as in the API. Files are signed links that
 * work for one to two hours (`links_valid_until`).
 */
export function toExport(d: Collected, signer: UrlSigner, appName: string, now = Date.now()): ProfileExport {
  const link = (key: string | null) => (key ? signer.url(key, now) : null);
  return {
    format: 'hausportal-datenexport-1',
    app: appName,
    exported_at: new Date(now).toISOString(),
    links_valid_until: new Date(signer.expiry(now)).toISOString(),
    profile: {
      id: d.user.id,
      login: d.user.login,
      apartment_number: d.user.apartment_number,
      name: d.user.name,
      email: d.user.email,
      role: d.user.role,
      location: d.user.location,
      language: d.user.language,
      emergency_services_deactivated: Boolean(d.user.emergency_services_deactivated),
      profile_picture: link(d.user.profile_picture),
      created_at: d.user.created_at,
      last_login_at: d.user.last_login_at,
      external_id: d.user.external_id,
      move_in_on: d.user.move_in_on,
      move_out_on: d.user.move_out_on,
    },
    posts: d.posts.map(({ attachments, ...p }) => ({
      ...p,
      like_count: Number(p.like_count),
      comment_count: Number(p.comment_count),
      attachments: parseJsonArray(attachments).map(({ file_key, ...a }) => ({ ...a, file: link(file_key) })),
    })),
    comments: d.comments,
    likes: d.likes,
    provider_requests: d.requests,
    push_subscriptions: d.push,
    notification_settings: readSettings(d.user.notification_settings),
    parcels: d.parcels.map(({ label_key, ...p }) => ({ ...p, label_photo: link(label_key) })),
    bookings: d.bookings.map((b) => ({
      resource: b.resource_name,
      starts_at: b.starts_at,
      ends_at: b.ends_at,
      status: b.status,
      note: b.note,
      decision_reason: b.decision_reason,
      created_at: b.created_at,
    })),
    calendar_feed: d.calendarFeed ? { created_at: d.calendarFeed.created_at } : null,
    webhook_deliveries: d.webhookDeliveries,
    tickets: {
      reported: d.tickets.tickets.map(({ id: _id, contact_consent, ...t }) => ({
        ...t,
        contact_consent: Boolean(contact_consent),
      })),
      followed: d.tickets.followed,
      messages: d.tickets.messages,
      photos: d.tickets.photos.map(({ file_key, ...p }) => ({ ...p, file: link(file_key) })),
    },
    blackboard_opened: d.opened?.date_blackboard_opened ?? null,
    notices_read: d.noticeReads,
    documents_opened: d.documentReads,
    sessions: d.sessions.map((s) => ({ ...s, device: s.device ?? UNKNOWN_DEVICE })),
    activation_letters: d.activationLetters,
    activity: d.activity,
  };
}
