import { z } from 'zod';
import {
  bodyId,
  contentTranslations,
  phoneNumber,
  phoneOrEmpty,
  requiredTrimmedText,
  storedTranslations,
  textId,
  tooLong,
  trimmedText,
} from './fields.js';
import { listQuery, location, phone, provider, service } from './schemas.js';

// Back-office schemas for the content of a location: its settings, documents, phone
// numbers, services and providers, and provider requests as tracked cases; see
// docs/decisions/014-back-office.md. The admin app validates its forms with the same schemas.

const emailOrEmpty = trimmedText(254).refine((s) => s === '' || z.regexes.email.test(s), {
  error: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
});

/** Whether a text is an absolute http(s) address with a host. */
function isWebAddress(s: string): boolean {
  try {
    const url = new URL(s);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
const websiteOrEmpty = trimmedText(500).refine((s) => s === '' || isWebAddress(s), {
  error: 'Bitte geben Sie eine vollständige Adresse mit http:// oder https:// ein.',
});

/** Icons are the ones bundled with the app (`/icons/<name>.svg`); empty means the default icon. */
export const ICON_PATTERN = /^(\/icons\/[A-Za-z0-9_-]{1,80}\.svg)?$/;
const icon = trimmedText(200).regex(ICON_PATTERN, {
  error: 'Bitte wählen Sie eines der mitgelieferten Symbole (/icons/….svg).',
});

const sortOrder = z.number().int().min(0).max(1_000_000);

// ---- locations ----

/**
 * A location's apartment-number prefix (ADR 028): letters and digits with an optional
 * trailing '-', at most 10 characters ('A-', 'SEE-'). Every apartment number of the location starts
 * with it, so the namespaces of the locations of one install are disjoint. Empty means none.
 */
export const APARTMENT_PREFIX_PATTERN = /^[\p{L}\p{N}]+-?$/u;
export const APARTMENT_PREFIX_MAX = 10;
export const apartmentPrefix = z
  .string()
  .trim()
  .max(APARTMENT_PREFIX_MAX, { error: tooLong(APARTMENT_PREFIX_MAX), abort: true })
  .refine((s) => s === '' || APARTMENT_PREFIX_PATTERN.test(s), {
    error: 'Nur Buchstaben und Ziffern, optional mit einem „-“ am Ende (z. B. „A-“ oder „SEE-“).',
  })
  .transform((s) => (s === '' ? null : s));

/**
 * A location as the back office edits it: every field of product §4.4, the shape residents get,
 * and the apartment-number prefix (null: none), which only administrators change.
 */
/** A building or staircase of a location with its own address and access note. */
export const locationBuilding = z.object({
  id: z.number(),
  name: z.string(),
  street: z.string(),
  postal_code: z.string(),
  city: z.string(),
  access_note: z.string(),
});
export type LocationBuilding = z.infer<typeof locationBuilding>;

export const adminLocation = location.extend({
  apartment_prefix: z.string().nullable(),
  /** The reception's posts and comments appear at once, without waiting for moderation. */
  reception_publishes_directly: z.boolean(),
  /** The postal address and how to get in: the craftsman's page, the assignment mail, the letters. */
  street: z.string(),
  postal_code: z.string(),
  city: z.string(),
  access_note: z.string(),
  /** Days after which a craftsman's 'erledigt' counts as accepted; null: the manager accepts. */
  auto_accept_days: z.number().nullable(),
  buildings: z.array(locationBuilding),
});
export type AdminLocation = z.infer<typeof adminLocation>;

const AUTO_ACCEPT_MESSAGE = 'Bitte eine ganze Zahl von 1 bis 90 Tagen, oder leer lassen.';
/** A German postal code: five digits, or nothing. */
const postalCode = trimmedText(5).refine((s) => s === '' || /^\d{5}$/.test(s), {
  error: 'Bitte eine Postleitzahl mit fünf Ziffern angeben.',
});

/**
 * `PUT /api/admin/locations/:id/`: the title is required, every other field left out keeps its
 * value. `default_service_id` must be a service visible at the location (global or its own).
 */
export const adminLocationUpdate = z.object({
  title: requiredTrimmedText(200),
  name: trimmedText(200).optional(),
  direct_call: z.boolean().optional(),
  direct_number: phoneOrEmpty(50).optional(),
  default_service_id: bodyId.nullable().optional(),
  default_service_always: z.boolean().optional(),
  text: trimmedText(5000).optional(),
  hours: trimmedText(2000).optional(),
  phone: phoneOrEmpty(50).optional(),
  email: emailOrEmpty.optional(),
  free_text: trimmedText(10_000).optional(),
  residents_can_post: z.boolean().optional(),
  reception_publishes_directly: z.boolean().optional(),
  /** Administrators only (a manager changing it gets 403); '' or null removes it. */
  apartment_prefix: apartmentPrefix.nullable().optional(),
  street: trimmedText(200).optional(),
  postal_code: postalCode.optional(),
  city: trimmedText(100).optional(),
  access_note: trimmedText(1000).optional(),
  auto_accept_days: z
    .number({ error: AUTO_ACCEPT_MESSAGE })
    .int({ error: AUTO_ACCEPT_MESSAGE })
    .min(1, { error: AUTO_ACCEPT_MESSAGE })
    .max(90, { error: AUTO_ACCEPT_MESSAGE })
    .nullable()
    .optional(),
  /** The whole list: a building left out is removed (its tickets keep the location's address). */
  buildings: z
    .array(
      z.object({
        id: bodyId.optional(),
        name: requiredTrimmedText(100),
        street: trimmedText(200).default(''),
        postal_code: postalCode.default(''),
        city: trimmedText(100).default(''),
        access_note: trimmedText(1000).default(''),
      }),
    )
    .max(50, { error: 'Höchstens 50 Gebäude oder Aufgänge je Standort.' })
    .optional(),
});
export type AdminLocationUpdate = z.infer<typeof adminLocationUpdate>;

// ---- documents ----

/** A document of a location (apartment_number null) or of one apartment there. */
export const adminDocument = z.object({
  id: z.number(),
  title: z.string(),
  icon: z.string(),
  location_id: z.number(),
  apartment_number: z.string().nullable(),
  file_name: z.string(),
  document: z.string(),
  created_at: z.string(),
});
export type AdminDocument = z.infer<typeof adminDocument>;

export const adminDocumentsQuery = listQuery.extend({
  location_id: textId.optional(),
  apartment_number: trimmedText(150).optional(),
});

/**
 * The fields of `POST /api/admin/documents/` (multipart, next to the PDF in `document`). An empty
 * apartment number gives the document to the whole location.
 */
export const adminDocumentCreate = z.object({
  location_id: textId,
  apartment_number: trimmedText(150).optional(),
  title: requiredTrimmedText(200),
  icon: icon.optional(),
});
export type AdminDocumentCreate = z.infer<typeof adminDocumentCreate>;

/** `PUT /api/admin/documents/:id/`; an empty or null apartment number means the whole location. */
export const adminDocumentUpdate = z.object({
  title: requiredTrimmedText(200),
  apartment_number: trimmedText(150).nullable().optional(),
  icon: icon.optional(),
});
export type AdminDocumentUpdate = z.infer<typeof adminDocumentUpdate>;

// ---- phones ----

export const adminPhone = phone.extend({
  location_id: z.number(),
  sort_order: z.number(),
  translations: storedTranslations,
});
export type AdminPhone = z.infer<typeof adminPhone>;

export const adminPhonesQuery = listQuery.extend({ location_id: textId.optional() });

/** A phone number as the back office writes it; without sort_order a new one goes last. */
export const adminPhoneInput = z.object({
  location_id: bodyId,
  name: requiredTrimmedText(200),
  number: phoneNumber(50),
  icon: icon.optional(),
  highlighted: z.boolean().optional(),
  hidden: z.boolean().optional(),
  sort_order: sortOrder.optional(),
  /** The name in other languages; left out on an update: unchanged. */
  translations: contentTranslations({ name: 200 }).optional(),
});
export type AdminPhoneInput = z.infer<typeof adminPhoneInput>;

/** `POST /api/admin/phones/order/`: these phones first, in this order; the others keep theirs after them. */
export const adminPhoneOrder = z.object({
  location_id: bodyId,
  ids: z
    .array(bodyId)
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Jede Nummer darf nur einmal vorkommen.' }),
});

// ---- services ----

/** The tokens a service's contact_text may hold (product §5.1); the resident app fills them in. */
export const CONTACT_TEXT_TOKENS = ['placeholder', 'profile_name', 'apartment_number', 'location'] as const;

/** The `{…}` tokens of a contact text that the resident app would not fill in. */
export function unknownContactTokens(value: string): string[] {
  const known: readonly string[] = CONTACT_TEXT_TOKENS;
  const found = [...value.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
  return [...new Set(found.filter((t) => !known.includes(t)))].map((t) => `{${t}}`);
}

const allowedTokens = '{placeholder}, {profile_name}, {apartment_number} und {location}';
const contactText = trimmedText(5000).superRefine((value, ctx) => {
  const unknown = unknownContactTokens(value);
  if (unknown.length === 0) return;
  ctx.addIssue({
    code: 'custom',
    message:
      unknown.length === 1
        ? `Unbekannter Platzhalter ${unknown[0]}. Erlaubt sind ${allowedTokens}.`
        : `Unbekannte Platzhalter ${unknown.join(', ')}. Erlaubt sind ${allowedTokens}.`,
  });
});

/** A service; location_id null: shown at every location (the system services 1 and 3 among them). */
export const adminService = service.extend({
  location_id: z.number().nullable(),
  sort_order: z.number(),
  is_system: z.boolean(),
  translations: storedTranslations,
});
export type AdminService = z.infer<typeof adminService>;

/** Without location_id: the global services and those of every location in scope. */
export const adminServicesQuery = listQuery.extend({ location_id: textId.optional() });

/** A service as the back office writes it; location_id null (every location) only for an admin. */
export const adminServiceInput = z.object({
  location_id: bodyId.nullable(),
  title: requiredTrimmedText(200),
  icon: icon.optional(),
  contact_text: contactText.optional(),
  sort_order: sortOrder.optional(),
  /** The title in other languages (the emergency button names it); left out on an update: unchanged. */
  translations: contentTranslations({ title: 200 }).optional(),
});
export type AdminServiceInput = z.infer<typeof adminServiceInput>;

// ---- providers ----

/** A provider with every field of product §4.4; unlike residents, the back office sees a hidden phone number. */
export const adminProvider = provider.extend({
  service_id: z.number(),
  service_title: z.string(),
  location_id: z.number(),
  /** Its trades ('Gewerke'): the ticket categories it works on; the craftsman picker offers it first for them. */
  category_ids: z.array(z.number()),
});
export type AdminProvider = z.infer<typeof adminProvider>;

export const adminProvidersQuery = listQuery.extend({
  service_id: textId.optional(),
  location_id: textId.optional(),
});

/** A provider as the back office writes it: the service must be visible at the location. */
export const adminProviderInput = z.object({
  service_id: bodyId,
  location_id: bodyId,
  name: requiredTrimmedText(200),
  phone: phoneOrEmpty(50).optional(),
  hide_phone: z.boolean().optional(),
  text: trimmedText(5000).optional(),
  contact: trimmedText(200).optional(),
  hours: trimmedText(2000).optional(),
  email: emailOrEmpty.optional(),
  website: websiteOrEmpty.optional(),
  allow_form_contact: z.boolean().optional(),
  placeholder: trimmedText(500).optional(),
  /** Ticket categories of the provider's location; left out keeps them. */
  category_ids: z.array(bodyId).max(100).optional(),
});
export type AdminProviderInput = z.infer<typeof adminProviderInput>;

// ---- provider requests ----

/** A provider request as a case: new → in_progress → done (any order; the note explains). */
export const PROVIDER_REQUEST_STATUSES = ['new', 'in_progress', 'done'] as const;
export type ProviderRequestStatus = (typeof PROVIDER_REQUEST_STATUSES)[number];

/** What the back office and the resident both see of a provider request. */
const providerRequestCase = z.object({
  id: z.number(),
  text: z.string(),
  status: z.enum(PROVIDER_REQUEST_STATUSES),
  note: z.string(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});

/** A resident's request to a provider, as the back office tracks it. */
export const adminProviderRequest = providerRequestCase.extend({
  provider_id: z.number(),
  provider_name: z.string(),
  service_title: z.string(),
  location_id: z.number(),
  location_title: z.string(),
  user_name: z.string(),
  apartment_number: z.string(),
});
export type AdminProviderRequest = z.infer<typeof adminProviderRequest>;

export const adminRequestsQuery = listQuery.extend({
  location_id: textId.optional(),
  status: z.enum(PROVIDER_REQUEST_STATUSES).optional(),
});

/** `PUT /api/admin/requests/:id/`: the note, which the resident sees, is kept when left out. */
export const adminRequestUpdate = z.object({
  status: z.enum(PROVIDER_REQUEST_STATUSES),
  note: trimmedText(5000).optional(),
});
export type AdminRequestUpdate = z.infer<typeof adminRequestUpdate>;

/** One of the caller's own requests under 'Meine Anfragen' (`GET /api/requests/`). */
export const myProviderRequest = providerRequestCase.extend({
  provider_name: z.string(),
  service_id: z.number(),
  service_title: z.string(),
});
export type MyProviderRequest = z.infer<typeof myProviderRequest>;
