import { z } from 'zod';
import { LANGUAGES, MAX_PAGE_SIZE, MODERATION_STATUSES, PAGE_SIZE, ROLES } from './constants.js';
import { API_ERRORS } from './errors.js';
import { requiredText, textId } from './fields.js';
import { notificationSettings } from './notifications.js';

export const idParam = z.object({ id: textId });

// ---- auth ----
export const loginRequest = z.object({
  apartment_number: requiredText(150),
  password: requiredText(256),
});
export const loginResponse = z.object({ token: z.string() });

export const tenantQuery = z.object({ apartment_number: requiredText(150) });
export const tenantResponse = z.object({ email: z.string() });

export const passwordResetRequest = z
  .object({
    email: z.string().max(254).optional(),
    apartment_number: z.string().max(150).optional(),
  })
  .refine((v) => (v.email ?? '').trim() !== '' || (v.apartment_number ?? '').trim() !== '', {
    error: API_ERRORS.required,
    path: ['email'],
  });

/** The refusal of a new password shorter than 8 characters. */
export const PASSWORD_TOO_SHORT = 'Das Passwort muss mindestens 8 Zeichen lang sein.';

const newPassword = requiredText(256).refine((s) => s.length >= 8, { error: PASSWORD_TOO_SHORT });

export const passwordResetConfirm = z.object({
  token: z.string().max(256),
  password: newPassword,
  repeat_password: requiredText(256),
});

export const changePasswordRequest = z.object({
  old_password: requiredText(256),
  new_password: newPassword,
  repeat_password: requiredText(256),
});

export const statusResponse = z.object({ status: z.string() });

// ---- profile ----
export const profile = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  profile_picture: z.string().nullable(),
  apartment_number: z.string(),
  emergency_services_deactivated: z.boolean(),
  is_receptionist: z.boolean(),
  language: z.enum(LANGUAGES),
  location_id: z.number().nullable(),
});
export type Profile = z.infer<typeof profile>;

export const profileUpdate = z.object({ language: z.enum(LANGUAGES).optional() });

/**
 * 'Meine Daten herunterladen' (`GET /api/profile/export/`, DSGVO Art. 15/20): everything stored
 * about the caller, with the stored values as they are; files are signed links valid until
 * `links_valid_until`.
 */
export const profileExport = z.object({
  format: z.literal('hausportal-datenexport-1'),
  app: z.string(),
  exported_at: z.string(),
  links_valid_until: z.string(),
  profile: z.object({
    id: z.number(),
    login: z.string(),
    apartment_number: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    location: z.string().nullable(),
    language: z.string(),
    emergency_services_deactivated: z.boolean(),
    profile_picture: z.string().nullable(),
    created_at: z.string(),
    /** The last sign-in. */
    last_login_at: z.string().nullable(),
    /** The ERP's id and the move dates, where the management keeps them. */
    external_id: z.string().nullable(),
    move_in_on: z.string().nullable(),
    move_out_on: z.string().nullable(),
  }),
  posts: z.array(
    z.object({
      id: z.number(),
      text: z.string(),
      status: z.enum([...MODERATION_STATUSES, 'hidden']),
      rejection_reason: z.string().nullable(),
      created_at: z.string(),
      moderated_at: z.string().nullable(),
      like_count: z.number(),
      comment_count: z.number(),
      attachments: z.array(
        z.object({
          name: z.string(),
          kind: z.enum(['image', 'pdf']),
          content_type: z.string(),
          size: z.number(),
          file: z.string().nullable(),
        }),
      ),
    }),
  ),
  comments: z.array(
    z.object({
      id: z.number(),
      message_id: z.number(),
      text: z.string(),
      status: z.enum([...MODERATION_STATUSES, 'hidden']),
      rejection_reason: z.string().nullable(),
      created_at: z.string(),
      moderated_at: z.string().nullable(),
    }),
  ),
  likes: z.array(z.object({ message_id: z.number(), created_at: z.string() })),
  provider_requests: z.array(
    z.object({ id: z.number(), provider: z.string(), text: z.string(), created_at: z.string() }),
  ),
  push_subscriptions: z.array(
    z.object({ id: z.number(), type: z.string(), registration_id: z.string(), created_at: z.string() }),
  ),
  notification_settings: notificationSettings,
  /** Parcels of the apartment logged at the reception (ADR 030). */
  parcels: z.array(
    z.object({
      carrier: z.string(),
      pieces: z.number(),
      status: z.string(),
      storage_place: z.string(),
      note: z.string(),
      logged_at: z.string(),
      handed_over_at: z.string().nullable(),
      handover_note: z.string(),
      /** The tracking number the reception noted, '' for none. */
      tracking_number: z.string(),
      /** The label photo the reception took (names and addresses), as a signed link. */
      label_photo: z.string().nullable(),
    }),
  ),
  /** Bookings of shared rooms (ADR 029), and whether a calendar subscription exists. */
  bookings: z.array(
    z.object({
      resource: z.string(),
      starts_at: z.string(),
      ends_at: z.string(),
      status: z.string(),
      note: z.string(),
      decision_reason: z.string(),
      created_at: z.string(),
    }),
  ),
  calendar_feed: z.object({ created_at: z.string() }).nullable(),
  /**
   * Webhooks: events about the resident passed on to the management's connected
   * systems (an ERP), with the receiving address, from the delivery log of the last 30 days.
   */
  webhook_deliveries: z.array(
    z.object({
      event: z.string(),
      recipient: z.string(),
      status: z.string(),
      created_at: z.string(),
      delivered_at: z.string().nullable(),
    }),
  ),
  /** Defect reports: the ones reported, followed, the messages written and photos added. */
  tickets: z.object({
    reported: z.array(
      z.object({
        number: z.string(),
        created_at: z.string(),
        status: z.string(),
        category: z.string(),
        scope: z.string(),
        place: z.string(),
        description: z.string(),
        contact_consent: z.boolean(),
        contact_phone: z.string(),
        rating: z.number().nullable(),
        rating_text: z.string(),
        receipt_sha256: z.string(),
      }),
    ),
    followed: z.array(z.object({ number: z.string(), created_at: z.string() })),
    messages: z.array(z.object({ number: z.string(), kind: z.string(), text: z.string(), created_at: z.string() })),
    photos: z.array(z.object({ number: z.string(), file: z.string().nullable(), created_at: z.string() })),
  }),
  blackboard_opened: z.string().nullable(),
  /** Notices the resident opened or dismissed (notice_reads). */
  notices_read: z.array(
    z.object({
      notice_id: z.number(),
      title: z.string(),
      opened_at: z.string(),
      dismissed_at: z.string().nullable(),
    }),
  ),
  /** Documents the resident opened (document_reads). */
  documents_opened: z.array(z.object({ document_id: z.number(), title: z.string(), opened_at: z.string() })),
  /** Signed-in devices: the device label, never the address or the full User-Agent. */
  sessions: z.array(
    z.object({ device: z.string(), created_at: z.string(), last_used_at: z.string(), expires_at: z.string() }),
  ),
  /** Activation letters printed for the account; the codes themselves are never stored. */
  activation_letters: z.array(
    z.object({ created_at: z.string(), expires_at: z.string(), used_at: z.string().nullable() }),
  ),
  activity: z.array(
    z.object({
      action: z.string(),
      entity: z.string(),
      entity_id: z.number().nullable(),
      ip: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type ProfileExport = z.infer<typeof profileExport>;

// ---- location & lists ----
export const location = z.object({
  id: z.number(),
  title: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  direct_call: z.boolean(),
  direct_number: z.string(),
  default_service_id: z.number().nullable(),
  default_service_name: z.string(),
  /** The default service answers round the clock; the emergency button says so. */
  default_service_always: z.boolean(),
  text: z.string(),
  hours: z.string(),
  phone: z.string(),
  email: z.string(),
  free_text: z.string(),
  residents_can_post: z.boolean(),
});
export type Location = z.infer<typeof location>;

export const document = z.object({
  id: z.number(),
  title: z.string(),
  icon: z.string(),
  document: z.string(),
  /** When it was uploaded ('Meine Wohnung' shows the date). */
  created_at: z.string(),
  /** Not opened by the caller yet: 'Neu'. */
  is_new: z.boolean(),
});
export type Document = z.infer<typeof document>;

export const phone = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  icon: z.string(),
  highlighted: z.boolean(),
  hidden: z.boolean(),
});
export type Phone = z.infer<typeof phone>;

export const service = z.object({ id: z.number(), title: z.string(), icon: z.string(), contact_text: z.string() });
export type Service = z.infer<typeof service>;

export const provider = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  hide_phone: z.boolean(),
  text: z.string(),
  contact: z.string(),
  hours: z.string(),
  email: z.string(),
  website: z.string(),
  allow_form_contact: z.boolean(),
  placeholder: z.string(),
});
export type Provider = z.infer<typeof provider>;

export const providersQuery = z.object({ service_id: textId });
export const providersResponse = z.object({ id: z.number(), count: z.number(), results: z.array(provider) });
export const providerRequest = z.object({ text: requiredText(5000) });

// ---- blackboard ----
export const messageDocument = z.object({
  id: z.number(),
  name: z.string(),
  document: z.string(),
  kind: z.enum(['image', 'pdf']),
  thumbnail: z.string().nullable(),
});

export const message = z.object({
  id: z.number(),
  text: z.string(),
  created_at: z.string(),
  user_name: z.string(),
  user_image: z.string().nullable(),
  documents: z.array(messageDocument),
  like_count: z.number(),
  comment_count: z.number(),
  self_liked: z.boolean(),
  self_commented: z.boolean(),
  status: z.enum(MODERATION_STATUSES),
  rejection_reason: z.string().nullable(),
});
export type Message = z.infer<typeof message>;

export const messageCreate = z.object({ text: requiredText(10_000) });
export const messageCreated = z.object({ id: z.number(), status: z.enum(MODERATION_STATUSES) });

export const comment = z.object({
  id: z.number(),
  user_name: z.string(),
  user_image: z.string().nullable(),
  created_at: z.string(),
  text: z.string(),
  status: z.enum(MODERATION_STATUSES),
  /** Why the viewer's own comment was rejected or removed; null for everyone else. */
  rejection_reason: z.string().nullable(),
});
export type Comment = z.infer<typeof comment>;
export const commentCreate = z.object({ text: requiredText(5000) });

export const likeResponse = z.object({ like_count: z.number(), self_liked: z.boolean() });

export const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(1_000_000).default(1) });
/**
 * The short lists (phones, documents, services, comments) also take `page_size`, as DRF's
 * page_size_query_param does, so a client fetches them whole in one or a few requests (ADR 010).
 */
export const listQuery = pageQuery.extend({
  page_size: z.coerce
    .number({ error: `Eine ganze Zahl von 1 bis ${MAX_PAGE_SIZE}.` })
    .int({ error: `Eine ganze Zahl von 1 bis ${MAX_PAGE_SIZE}.` })
    .min(1, { error: `Eine ganze Zahl von 1 bis ${MAX_PAGE_SIZE}.` })
    .max(MAX_PAGE_SIZE, { error: `Höchstens ${MAX_PAGE_SIZE} pro Seite.` })
    .default(PAGE_SIZE),
});

export const blackboardOpened = z.object({
  date_blackboard_opened: z.string().nullable(),
  unread_count: z.number(),
});
export const blackboardOpenedUpdate = z.object({ date_blackboard_opened: z.iso.datetime({ offset: true }) });

// ---- push ----
export const pushTokenCreate = z.object({
  type: z.literal('web'),
  registration_id: requiredText(4000),
});
export const pushToken = z.object({ id: z.number(), type: z.literal('web'), registration_id: z.string() });

/** A paginated list as product §5.2 fixes it. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] };

export const errorBody = z.record(z.string(), z.unknown());
