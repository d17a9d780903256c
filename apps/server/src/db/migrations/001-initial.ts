import { PostgresAdapter, sql, type Kysely, type CreateTableBuilder } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/** Only the id column differs between the dialects; everything else is portable. */
function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function withId<T extends string>(t: CreateTableBuilder<T, never>, pg: boolean) {
  return pg
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Db): Promise<void> {
  const pg = isPostgres(db);
  const flag = (name: string, def = 0) => [name, 'integer', (c: any) => c.notNull().defaultTo(def)] as const;

  await withId(db.schema.createTable('locations'), pg)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo', 'text')
    .addColumn(...flag('direct_call'))
    .addColumn('direct_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('default_service_id', 'integer')
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hours', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('free_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn(...flag('residents_can_post'))
    // The blackboard's `count` on every page load; kept by refreshApprovedCount, not counted per request.
    .addColumn('approved_message_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('users'), pg)
    .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('login', 'text', (c) => c.notNull().unique())
    .addColumn('apartment_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('profile_picture', 'text')
    .addColumn(...flag('emergency_services_deactivated'))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('de'))
    .addColumn(...flag('is_active', 1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_location').on('users').columns(['location_id', 'apartment_number']).execute();

  await db.schema
    .createTable('manager_locations')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('manager_locations_pk', ['user_id', 'location_id'])
    .execute();

  await withId(db.schema.createTable('auth_tokens'), pg)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_tokens_user').on('auth_tokens').column('user_id').execute();

  await withId(db.schema.createTable('password_reset_tokens'), pg)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('services'), pg)
    .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn(...flag('is_system'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('documents'), pg)
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('apartment_number', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_scope').on('documents').columns(['location_id', 'apartment_number']).execute();

  await withId(db.schema.createTable('phones'), pg)
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn(...flag('highlighted'))
    .addColumn(...flag('hidden'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('phones_location').on('phones').column('location_id').execute();

  await withId(db.schema.createTable('providers'), pg)
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn(...flag('hide_phone'))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hours', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('website', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn(...flag('allow_form_contact'))
    .addColumn('placeholder', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('providers_service').on('providers').columns(['service_id', 'location_id']).execute();

  await withId(db.schema.createTable('provider_requests'), pg)
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('provider_requests_location')
    .on('provider_requests')
    .columns(['location_id', 'created_at'])
    .execute();

  await withId(db.schema.createTable('messages'), pg)
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('rejection_reason', 'text')
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('moderated_at', 'text')
    .addColumn('moderated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // The blackboard feed: one location's approved posts newest first, read in index order on both
  // dialects, so deep OFFSETs walk only the index.
  await sql`create index messages_feed on messages (location_id, status, created_at desc, id desc)`.execute(db);
  await db.schema.createIndex('messages_author').on('messages').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('messages_moderation').on('messages').columns(['status', 'created_at']).execute();

  await withId(db.schema.createTable('message_documents'), pg)
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('thumbnail_key', 'text')
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_documents_message').on('message_documents').column('message_id').execute();

  await withId(db.schema.createTable('comments'), pg)
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('rejection_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('moderated_at', 'text')
    .addColumn('moderated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('comments_message').on('comments').columns(['message_id', 'created_at']).execute();
  await db.schema.createIndex('comments_user').on('comments').columns(['user_id', 'message_id']).execute();
  await db.schema.createIndex('comments_moderation').on('comments').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('likes')
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['message_id', 'user_id'])
    .execute();
  await db.schema.createIndex('likes_user').on('likes').columns(['user_id', 'message_id']).execute();

  await db.schema
    .createTable('blackboard_opened')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('date_blackboard_opened', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('push_subscriptions'), pg)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('registration_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  await withId(db.schema.createTable('email_outbox'), pg)
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_outbox_status')
    .on('email_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await withId(db.schema.createTable('audit_log'), pg)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer')
    .addColumn('details', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of [
    'app_settings',
    'audit_log',
    'email_outbox',
    'push_subscriptions',
    'blackboard_opened',
    'likes',
    'comments',
    'message_documents',
    'messages',
    'provider_requests',
    'providers',
    'phones',
    'documents',
    'services',
    'password_reset_tokens',
    'auth_tokens',
    'manager_locations',
    'users',
    'locations',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
