import type { Generated } from 'kysely';

// Flags are 0/1 integers and timestamps ISO-8601 UTC text on both dialects, so every
// query and mapper is identical on SQLite and PostgreSQL (see docs/decisions/002).
type Flag = number;
type Timestamp = string;

export interface LocationTable {
  id: Generated<number>;
  title: string;
  name: string;
  logo: string | null;
  direct_call: Flag;
  direct_number: string;
  default_service_id: number | null;
  /** The default service answers round the clock (migration 009): the button says so. */
  default_service_always: Generated<Flag>;
  text: string;
  hours: string;
  phone: string;
  email: string;
  free_text: string;
  residents_can_post: Flag;
  /** The reception's posts and comments appear without moderation (a trusted role, per location). */
  reception_publishes_directly: Generated<Flag>;
  /** Every apartment number of the location starts with it (migration 015, ADR 028); null: none. */
  apartment_prefix: string | null;
  /** The postal address and how to get in (migration 025): the craftsman's page, mails and letters. */
  street: Generated<string>;
  postal_code: Generated<string>;
  city: Generated<string>;
  access_note: Generated<string>;
  /** Days after which 'Als erledigt gemeldet' counts as accepted; null: the manager accepts. */
  auto_accept_days: number | null;
  approved_message_count: Generated<number>;
  /** Goes up with every write that changes a blackboard page (migration 007, triggers). */
  feed_version: Generated<number>;
  created_at: Timestamp;
}

export interface UserTable {
  id: Generated<number>;
  location_id: number | null;
  /** Staff: `manager` sees the locations assigned in manager_locations, `admin` sees all. */
  role: 'resident' | 'receptionist' | 'manager' | 'admin';
  login: string;
  apartment_number: string;
  name: string;
  email: string;
  password_hash: string;
  profile_picture: string | null;
  emergency_services_deactivated: Flag;
  language: string;
  is_active: Flag;
  /** Goes up with every change to the user's own unapproved posts (migration 007, triggers). */
  posts_version: Generated<number>;
  created_at: Timestamp;
  /** Set when a manager erased the resident's personal data (DSGVO Art. 17); the row stays for their content. */
  erased_at: Timestamp | null;
  /** When the last invitation mail was queued. */
  invited_at: Timestamp | null;
  /** The last successful sign-in (migration 010); null: never signed in. */
  last_login_at: Timestamp | null;
  /** The notification preferences as JSON; '' means the defaults (modules/notifications). */
  notification_settings: Generated<string>;
  /** The ERP's id of the resident (migration 021), unique where set. */
  external_id: string | null;
  /** Move-in and move-out as calendar days 'YYYY-MM-DD' (Europe/Berlin); null: unknown. */
  move_in_on: string | null;
  move_out_on: string | null;
  /** When access opened (invitation sent if due) and closed (sessions ended); exactly once each. */
  access_opened_at: Timestamp | null;
  access_closed_at: Timestamp | null;
}

export interface ManagerLocationTable {
  user_id: number;
  location_id: number;
}

export interface AuthTokenTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  /** The absolute end of the session (migration 012, ADR 024). */
  expires_at: Timestamp;
  /** 'Chrome auf Android': a label from the User-Agent at sign-in, not the header itself. */
  device: string | null;
}

export interface PasswordResetTokenTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** A one-time code of an activation letter (migration 010); only its hash is stored. */
export interface ActivationCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface DocumentTable {
  id: Generated<number>;
  location_id: number;
  apartment_number: string | null;
  title: string;
  icon: string;
  file_key: string;
  file_name: string;
  created_at: Timestamp;
}

/** A resident opened a document (migration 009); the others show 'Neu'. */
export interface DocumentReadTable {
  document_id: number;
  user_id: number;
  opened_at: Timestamp;
}

export interface PhoneTable {
  id: Generated<number>;
  location_id: number;
  name: string;
  number: string;
  icon: string;
  highlighted: Flag;
  hidden: Flag;
  sort_order: number;
  /** Translations of the names residents read, `{ "tr": { "name": "…" } }` (migration 026); German is the row's. */
  translations: Generated<string>;
}

export interface ServiceTable {
  id: Generated<number>;
  location_id: number | null;
  title: string;
  icon: string;
  contact_text: string;
  is_system: Flag;
  sort_order: number;
  /** Translations of the names residents read, `{ "tr": { "name": "…" } }` (migration 026); German is the row's. */
  translations: Generated<string>;
}

export interface ProviderTable {
  id: Generated<number>;
  service_id: number;
  location_id: number;
  name: string;
  phone: string;
  hide_phone: Flag;
  text: string;
  contact: string;
  hours: string;
  email: string;
  website: string;
  allow_form_contact: Flag;
  placeholder: string;
}

export interface ProviderRequestTable {
  id: Generated<number>;
  provider_id: number;
  user_id: number;
  location_id: number;
  text: string;
  created_at: Timestamp;
  status: Generated<ProviderRequestStatus>;
  /** The manager's note, which the resident sees under 'Meine Anfragen'. */
  note: Generated<string>;
  updated_at: Timestamp | null;
}

export type ProviderRequestStatus = 'new' | 'in_progress' | 'done';

/**
 * `hidden`: an approved item that three residents reported, out of sight until a manager decides
 * (it is not `approved`, so feeds and counts skip it without a further condition).
 */
export type ModerationStatus = 'pending' | 'approved' | 'rejected' | 'hidden';

export interface ReportTable {
  id: Generated<number>;
  location_id: number;
  target_kind: 'message' | 'comment';
  target_id: number;
  reporter_id: number | null;
  reason: string;
  text: Generated<string>;
  /** open → removed | kept, set for every open report of the item by one decision. */
  status: Generated<'open' | 'removed' | 'kept'>;
  decision_reason: string | null;
  decided_by: number | null;
  decided_at: Timestamp | null;
  created_at: Timestamp;
}

export interface NoticeTable {
  id: Generated<number>;
  title: string;
  text: string;
  important: Flag;
  /** Shown until this moment; null: until deleted. */
  ends_at: Timestamp | null;
  /** 'Sichtbar ab': residents see it from this moment; null: at once (migration 011). */
  starts_at: Generated<Timestamp | null>;
  /** When its publication notification was queued; null until it has started (notices.jobs.ts). */
  announced_at: Generated<Timestamp | null>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NoticeLocationTable {
  notice_id: number;
  location_id: number;
}

/** A PDF attached to a notice (migration 011). */
export interface NoticeAttachmentTable {
  id: Generated<number>;
  notice_id: number;
  name: string;
  file_key: string;
  size: number;
  created_at: Timestamp;
}

/** A resident opened (and perhaps dismissed) a notice; personal data, managers see only counts. */
export interface NoticeReadTable {
  notice_id: number;
  user_id: number;
  opened_at: Timestamp;
  dismissed_at: Timestamp | null;
}

export interface MessageTable {
  id: Generated<number>;
  location_id: number;
  user_id: number;
  text: string;
  status: ModerationStatus;
  rejection_reason: string | null;
  like_count: number;
  comment_count: number;
  created_at: Timestamp;
  moderated_at: Timestamp | null;
  moderated_by: number | null;
}

export interface MessageDocumentTable {
  id: Generated<number>;
  message_id: number;
  kind: 'image' | 'pdf';
  name: string;
  file_key: string;
  thumbnail_key: string | null;
  content_type: string;
  size: number;
  created_at: Timestamp;
}

export interface CommentTable {
  id: Generated<number>;
  message_id: number;
  user_id: number;
  text: string;
  status: ModerationStatus;
  rejection_reason: string | null;
  created_at: Timestamp;
  moderated_at: Timestamp | null;
  moderated_by: number | null;
}

export interface LikeTable {
  message_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface BlackboardOpenedTable {
  user_id: number;
  date_blackboard_opened: Timestamp;
}

export interface PushSubscriptionTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  registration_id: string;
  created_at: Timestamp;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** The Message-ID header, fixed when queued; null only for mail queued before migration 002. */
  message_id: string | null;
  /** While a sender holds the mail; nobody else takes it before this time. */
  locked_until: Timestamp | null;
  /** Start of the current run of failed attempts; mail is given up 48 h after it. */
  first_error_at: Timestamp | null;
  /** 1 when the body holds a secret link (password reset); the body is redacted once sent. */
  contains_secret: Generated<number>;
  /** The location of the person the mail is about; null for staff mail. Scopes the back office's view. */
  location_id: number | null;
  /** 0: a person waits for it (reset link), 1: everyday, 2: bulk (invitations, digests); lower goes first. */
  priority: Generated<number>;
  /** reset, invitation, provider_request, … */
  kind: Generated<string>;
  /** The HTML version of the body; null for plain-text mail queued before migration 005. */
  body_html: string | null;
  /** JSON [{filename, content_type, base64}] of the files sent with the mail (a ticket receipt); cleared once sent. */
  attachments: string | null;
  /** The link that switches this kind of mail off (List-Unsubscribe); null for account mail. */
  unsubscribe_url: string | null;
}

/** One push to one subscription, written with the event and sent from here (ADR 016). */
export interface PushOutboxTable {
  id: Generated<number>;
  subscription_id: number;
  user_id: number;
  /** The preference it belongs to: posts, comments, moderation, reports, requests, notices, queue. */
  kind: string;
  title: string;
  body: string;
  /** The route the notification opens. */
  url: string;
  /** 1 for a 'Wichtig' notice: sent at once, also in quiet hours. */
  urgent: Flag;
  /** The language its title and body are written in (the recipient's; migration 018). */
  lang: Generated<string>;
  /** How many events this push stands for (bundled posts). */
  bundle_count: Generated<number>;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  first_error_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** An event waiting for a resident's daily e-mail digest. */
export interface DigestItemTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  title: string;
  body: string;
  url: string;
  due_at: Timestamp;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  details: string | null;
  ip: string | null;
  created_at: Timestamp;
  /** The location the write concerned, for the back office's filter; null for global entries. */
  location_id: number | null;
  /** JSON of the entity before and after the write (personal data of erased residents is not kept). */
  before: string | null;
  after: string | null;
  /** The API key a write was made with (migration 020); `user_id` is then null. */
  api_key_id: number | null;
}

/** An API key of an integration (migration 020, ADR 034); only its hash is stored. */
export interface ApiKeyTable {
  id: Generated<number>;
  name: string;
  /** The first characters of the key ('hp_AbC123xy'), shown in the back office. */
  prefix: string;
  key_hash: string;
  /** JSON array of scope names (`API_SCOPES`). */
  scopes: string;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
  last_used_at: Timestamp | null;
}

export interface ApiKeyLocationTable {
  api_key_id: number;
  location_id: number;
}

/** A webhook endpoint of an API key (migration 022); the secret is sealed (lib/secret-box.ts). */
export interface WebhookEndpointTable {
  id: Generated<number>;
  api_key_id: number;
  url: string;
  description: Generated<string>;
  /** JSON array of event types (`WEBHOOK_EVENTS`). */
  events: string;
  /** The signing secret 'whsec_…', sealed with SecretBox (purpose 'webhook-secret'). */
  secret: string;
  /** The secret before the last rotation, sealed alike; it signs too until `previous_secret_expires_at`. */
  previous_secret: string | null;
  previous_secret_expires_at: Timestamp | null;
  enabled: Generated<Flag>;
  disabled_reason: string | null;
  failing_since: Timestamp | null;
  created_at: Timestamp;
  created_by: number | null;
  /** The lease of the endpoint's one lane: a delivery to it is in flight until then (migration 024). */
  lane_until: Timestamp | null;
  /** When a sender last took the lane: the senders take the endpoints in turn, oldest first. */
  lane_claimed_at: Timestamp | null;
}

/** One webhook message to one endpoint, sent from this outbox (migration 022). */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpoint_id: number;
  location_id: number | null;
  /** The resident the payload names (export, erasure); null when it names nobody. */
  user_id: number | null;
  /** The `webhook-id` header ('msg_…'), the same on every attempt. */
  message_id: string;
  event: string;
  /** The JSON body as queued: {type, timestamp, data}. */
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: Timestamp | null;
  locked_until: Timestamp | null;
  response_code: number | null;
  last_error: string | null;
  created_at: Timestamp;
  last_attempt_at: Timestamp | null;
  delivered_at: Timestamp | null;
}

export interface AppSettingTable {
  key: string;
  value: string;
}

/** One of the pages German law asks for, install-wide (migration 019); no row: the shipped template. */
export interface LegalPageTable {
  page: 'impressum' | 'datenschutz' | 'barrierefreiheit';
  markdown: string;
  /** The Markdown rendered and sanitised when it was saved (lib/markdown.ts). */
  html: string;
  /** 1 while nobody has saved it (the demo seed's text): the app shows the 'Vorlage' banner. */
  template: Flag;
  updated_at: Timestamp;
  updated_by: number | null;
}

/** A staff member's TOTP second factor (migration 013, ADR 025). */
export interface StaffTwoFactorTable {
  user_id: number;
  /** The TOTP secret, encrypted with AES-256-GCM (lib/secret-box.ts); never sent after the setup. */
  secret_enc: string;
  /** When the first valid code confirmed the setup; null while the setup is pending. */
  enabled_at: Timestamp | null;
  /** The newest accepted 30-second step: a code of this step or an earlier one is refused (replay). */
  last_step: number | null;
  created_at: Timestamp;
}

/** A one-time recovery code of a staff member's second factor, stored as its SHA-256 hash. */
export interface StaffRecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** Uploaded files when MEDIA_STORE=database (ADR 018). */
export interface MediaFileTable {
  key: string;
  data: Buffer;
  size: number;
  created_at: Timestamp;
}

/** A location's ticket categories; archived ones stay on their old tickets. */
export interface TicketCategoryTable {
  id: Generated<number>;
  location_id: number;
  name: string;
  emergency: Flag;
  sort_order: number;
  archived: Flag;
  created_at: Timestamp;
  /** Translations of the name, `{ "tr": { "name": "Isıtma" } }` (migration 026); German is `name`. */
  translations: Generated<string>;
}

/** The last ticket number given out per year (`2026-000123`). */
export interface TicketCounterTable {
  year: number;
  last: number;
}

export type TicketStatusColumn =
  'received' | 'in_progress' | 'craftsman_assigned' | 'appointment_set' | 'reported_done' | 'done' | 'rejected';

/** A defect ticket (ADR 020). */
export interface TicketTable {
  id: Generated<number>;
  number: string;
  location_id: number;
  /** The resident it concerns; null only if the account was deleted. */
  reporter_id: number | null;
  /** Staff or the receptionist who opened it for the resident; null when the resident reported it. */
  created_by: number | null;
  source: 'app' | 'phone' | 'desk';
  category_id: number;
  scope: 'apartment' | 'building';
  place: string;
  description: string;
  contact_consent: Flag;
  contact_phone: string;
  status: TicketStatusColumn;
  assignee_provider_id: number | null;
  appointment_at: Timestamp | null;
  merged_into_id: number | null;
  /** The building or staircase the defect is in, when the location has several (migration 025). */
  building_id: number | null;
  /** When a craftsman reported the job done ('Als erledigt gemeldet'), until the manager decides. */
  reported_done_at: Timestamp | null;
  rating: number | null;
  rating_text: Generated<string>;
  reopen_count: Generated<number>;
  done_at: Timestamp | null;
  first_response_at: Timestamp | null;
  last_staff_activity_at: Timestamp | null;
  last_activity_at: Timestamp;
  /** SHA-256 of the report as received (the receipt prints it). */
  receipt_sha256: string;
  idempotency_key: string | null;
  created_at: Timestamp;
}

export interface TicketFollowerTable {
  ticket_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface TicketPhotoTable {
  id: Generated<number>;
  ticket_id: number;
  file_key: string;
  thumbnail_key: string;
  /** Sent with the report itself (in the receipt). */
  original: Flag;
  added_by: 'resident' | 'management' | 'craftsman';
  user_id: number | null;
  created_at: Timestamp;
}

/** The craftsman's link of a ticket; the token itself is never stored. */
export interface TicketAssignmentTable {
  id: Generated<number>;
  ticket_id: number;
  provider_id: number;
  token_hash: string;
  message: string;
  state: 'offered' | 'accepted' | 'declined' | 'done' | 'revoked';
  created_by: number | null;
  created_at: Timestamp;
  responded_at: Timestamp | null;
  /** When the link stopped working (revoked, reassigned, ticket closed). */
  ended_at: Timestamp | null;
  /** When the craftsman reported the job done: the link stays readable 30 days from then. */
  done_at: Timestamp | null;
}

/** A building or staircase of a location with its own address (migration 025). */
export interface LocationBuildingTable {
  id: Generated<number>;
  location_id: number;
  name: string;
  street: Generated<string>;
  postal_code: Generated<string>;
  city: Generated<string>;
  access_note: Generated<string>;
  created_at: Timestamp;
}

/** The trades of a provider: the ticket categories it works on (migration 025). */
export interface ProviderCategoryTable {
  provider_id: number;
  category_id: number;
}

export interface TicketEventTable {
  id: Generated<number>;
  ticket_id: number;
  kind: string;
  /** An internal note: never shown to residents, in any reply or mail. */
  internal: Flag;
  author: 'resident' | 'management' | 'craftsman' | 'system';
  user_id: number | null;
  /** The API key that wrote the entry (migration 023); `user_id` is then null. */
  api_key_id: number | null;
  assignment_id: number | null;
  status: TicketStatusColumn | null;
  text: string;
  created_at: Timestamp;
}

/** A bookable room or flat of a location (migration 016, ADR 029). */
export interface BookingResourceTable {
  id: Generated<number>;
  location_id: number;
  name: string;
  description: string;
  house_rules: string;
  mode: 'slots' | 'days';
  slot_minutes: number;
  /** Berlin wall-clock 'HH:MM'. */
  day_start: string;
  day_end: string;
  horizon_days: number;
  max_length: number;
  quota_count: number | null;
  quota_period: 'week' | 'month';
  cancel_hours: number;
  approval_required: Flag;
  fee_text: string;
  /** A day resource's price per night in euro cents (migration 031); NULL: the fee text alone. */
  price_per_night_cents: number | null;
  /** The resource's photo (re-encoded), its square thumbnail and its size in pixels. */
  photo_key: string | null;
  photo_thumbnail_key: string | null;
  photo_width: number | null;
  photo_height: number | null;
  /** The house rules as a PDF: file key, the name it was uploaded as, size in bytes. */
  house_rules_key: string | null;
  house_rules_name: string | null;
  house_rules_size: number | null;
  archived: Generated<Flag>;
  created_at: Timestamp;
  /** Translations of the names residents read, `{ "tr": { "name": "…" } }` (migration 026); German is the row's. */
  translations: Generated<string>;
}

export interface BookingBlockTable {
  id: Generated<number>;
  resource_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  reason: string;
  created_by: number | null;
  created_at: Timestamp;
}

export interface BookingTable {
  id: Generated<number>;
  resource_id: number;
  location_id: number;
  user_id: number | null;
  apartment_number: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** Day mode: the Berlin dates of arrival and departure. */
  check_in: string | null;
  check_out: string | null;
  status: 'pending' | 'approved' | 'refused' | 'cancelled';
  note: string;
  decision_reason: Generated<string>;
  decided_by: number | null;
  decided_at: Timestamp | null;
  reminded_at: Timestamp | null;
  created_at: Timestamp;
}

/** One occupied slot (UTC start) or night (Berlin date) of an active booking; unique per resource. */
export interface BookingSlotTable {
  resource_id: number;
  slot_key: string;
  booking_id: number;
}

export interface BookingFeedTable {
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
}

/** A parcel logged at the reception (migration 017, ADR 030). */
export interface ParcelTable {
  id: Generated<number>;
  location_id: number;
  apartment_number: string;
  carrier: string;
  pieces: number;
  storage_place: string;
  note: string;
  status: 'open' | 'handed_over';
  logged_by: number | null;
  logged_at: Timestamp;
  handed_over_by: number | null;
  handed_over_at: Timestamp | null;
  handover_note: string;
  /** The optional tracking number ('Sendungsnummer', migration 028), '' for none. */
  tracking_number: Generated<string>;
  /** The optional label photo and its thumbnail: personal data, reception and managers only. */
  label_key: string | null;
  label_thumbnail_key: string | null;
  /** Set once by the 3-day reminder (compare-and-set across processes). */
  reminded_at: Timestamp | null;
  idempotency_key: string;
  request_sha256: string;
}

/** The 4-digit pickup code of an apartment's open parcels (migration 017). */
export interface ParcelCodeTable {
  location_id: number;
  apartment_number: string;
  code: string;
  created_at: Timestamp;
}

export interface Database {
  locations: LocationTable;
  users: UserTable;
  manager_locations: ManagerLocationTable;
  auth_tokens: AuthTokenTable;
  password_reset_tokens: PasswordResetTokenTable;
  activation_codes: ActivationCodeTable;
  documents: DocumentTable;
  document_reads: DocumentReadTable;
  phones: PhoneTable;
  services: ServiceTable;
  providers: ProviderTable;
  provider_requests: ProviderRequestTable;
  messages: MessageTable;
  message_documents: MessageDocumentTable;
  comments: CommentTable;
  likes: LikeTable;
  blackboard_opened: BlackboardOpenedTable;
  push_subscriptions: PushSubscriptionTable;
  email_outbox: EmailOutboxTable;
  push_outbox: PushOutboxTable;
  digest_items: DigestItemTable;
  audit_log: AuditLogTable;
  app_settings: AppSettingTable;
  staff_two_factor: StaffTwoFactorTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  reports: ReportTable;
  notices: NoticeTable;
  notice_locations: NoticeLocationTable;
  notice_attachments: NoticeAttachmentTable;
  notice_reads: NoticeReadTable;
  media_files: MediaFileTable;
  ticket_categories: TicketCategoryTable;
  ticket_counters: TicketCounterTable;
  tickets: TicketTable;
  ticket_followers: TicketFollowerTable;
  ticket_photos: TicketPhotoTable;
  ticket_assignments: TicketAssignmentTable;
  location_buildings: LocationBuildingTable;
  provider_categories: ProviderCategoryTable;
  ticket_events: TicketEventTable;
  parcels: ParcelTable;
  parcel_codes: ParcelCodeTable;
  booking_resources: BookingResourceTable;
  booking_blocks: BookingBlockTable;
  bookings: BookingTable;
  booking_slots: BookingSlotTable;
  booking_feeds: BookingFeedTable;
  legal_pages: LegalPageTable;
  api_keys: ApiKeyTable;
  api_key_locations: ApiKeyLocationTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
}
