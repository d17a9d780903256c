import { jsonArrayFrom, type DB } from '../../db/database.js';
import { allUserBookings, findFeed } from '../bookings/bookings.repository.js';
import { parcelsOfResident } from '../parcels/parcels.repository.js';
import { webhookDeliveriesAbout } from '../webhooks/webhooks.repository.js';
import { ticketsOfUser } from '../tickets/tickets.repository.js';

/** One user's profile row. */
export function findProfile(db: DB, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'email',
      'profile_picture',
      'apartment_number',
      'emergency_services_deactivated',
      'role',
      'language',
      'location_id',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export type ProfileRow = Awaited<ReturnType<typeof findProfile>>;

/** Updates the editable profile fields. */
export async function updateProfile(db: DB, userId: number, patch: { language?: string; profile_picture?: string }) {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('users').set(patch).where('id', '=', userId).execute();
}

/**
 * Every row stored about one user, for the data export of DSGVO Art. 15/20. Each query is
 * scoped to the user's own id; rows of other people (who liked or commented on a post, who
 * wrote the post a like belongs to) are not read at all, only counts and ids.
 */
export async function collectUserData(db: DB, userId: number) {
  const [user, posts, comments, likes, requests, push, opened, sessions, activity, tickets, noticeReads] =
    await Promise.all([
      db
        .selectFrom('users')
        .leftJoin('locations', 'locations.id', 'users.location_id')
        .select([
          'users.id',
          'users.login',
          'users.apartment_number',
          'users.name',
          'users.email',
          'users.role',
          'users.language',
          'users.emergency_services_deactivated',
          'users.profile_picture',
          'users.created_at',
          'users.last_login_at',
          'users.external_id',
          'users.move_in_on',
          'users.move_out_on',
          'users.notification_settings',
          'locations.title as location',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('messages')
        .select((eb) => [
          'messages.id',
          'messages.text',
          'messages.status',
          'messages.rejection_reason',
          'messages.created_at',
          'messages.moderated_at',
          'messages.like_count',
          'messages.comment_count',
          jsonArrayFrom(
            db,
            eb
              .selectFrom('message_documents')
              .select([
                'message_documents.name',
                'message_documents.kind',
                'message_documents.content_type',
                'message_documents.size',
                'message_documents.file_key',
              ])
              .whereRef('message_documents.message_id', '=', 'messages.id')
              .orderBy('message_documents.id'),
          ).as('attachments'),
        ])
        .where('messages.user_id', '=', userId)
        .orderBy('messages.id')
        .execute(),
      db
        .selectFrom('comments')
        .select(['id', 'message_id', 'text', 'status', 'rejection_reason', 'created_at', 'moderated_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('likes')
        .select(['message_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('provider_requests')
        .innerJoin('providers', 'providers.id', 'provider_requests.provider_id')
        .select([
          'provider_requests.id',
          'providers.name as provider',
          'provider_requests.text',
          'provider_requests.created_at',
        ])
        .where('provider_requests.user_id', '=', userId)
        .orderBy('provider_requests.id')
        .execute(),
      db
        .selectFrom('push_subscriptions')
        .select(['id', 'type', 'registration_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('blackboard_opened')
        .select('date_blackboard_opened')
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      db
        .selectFrom('auth_tokens')
        .select(['device', 'created_at', 'last_used_at', 'expires_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('audit_log')
        .select(['action', 'entity', 'entity_id', 'ip', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      ticketsOfUser(db, userId),
      db
        .selectFrom('notice_reads')
        .innerJoin('notices', 'notices.id', 'notice_reads.notice_id')
        .select(['notice_reads.notice_id', 'notices.title', 'notice_reads.opened_at', 'notice_reads.dismissed_at'])
        .where('notice_reads.user_id', '=', userId)
        .orderBy('notice_reads.opened_at')
        .orderBy('notice_reads.notice_id')
        .execute(),
    ]);
  // Documents opened (issue 22: what ends their 'Neu').
  const documentReads = await db
    .selectFrom('document_reads')
    .innerJoin('documents', 'documents.id', 'document_reads.document_id')
    .select(['document_reads.document_id', 'documents.title', 'document_reads.opened_at'])
    .where('document_reads.user_id', '=', userId)
    .orderBy('document_reads.opened_at')
    .orderBy('document_reads.document_id')
    .execute();
  // Activation letters (issue 22): when each was printed, until when it worked, whether it was used.
  const activationLetters = await db
    .selectFrom('activation_codes')
    .select(['created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  // Parcels of the apartment (issue 24): a resident's, not the receptionist's own desk work.
  const parcels = await parcelsOfResident(db, userId);
  // Bookings (issue 24): the resident's own, and when their calendar subscription was made.
  const [bookings, calendarFeed] = await Promise.all([allUserBookings(db, userId), findFeed(db, userId)]);
  // Webhooks (issue 26): what was passed on about them to the management's connected systems.
  const webhookDeliveries = await webhookDeliveriesAbout(db, userId);
  return {
    user,
    posts,
    comments,
    likes,
    requests,
    push,
    opened,
    sessions,
    activity,
    tickets,
    noticeReads,
    documentReads,
    activationLetters,
    parcels,
    bookings,
    calendarFeed,
    webhookDeliveries,
  };
}
