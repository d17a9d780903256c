// The contract's plain constants: the statuses and kinds the schemas, the server and every screen
// name. No zod here (see index.ts).

// ---- defect tickets ----

/** The way of a ticket; 'done' and 'rejected' end it (a resident may reopen it for 14 days). */
export const TICKET_STATUSES = [
  'received',
  'in_progress',
  'craftsman_assigned',
  'appointment_set',
  'reported_done',
  'done',
  'rejected',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Statuses of a ticket that is still being worked on. */
export const OPEN_TICKET_STATUSES: readonly TicketStatus[] = [
  'received',
  'in_progress',
  'craftsman_assigned',
  'appointment_set',
  'reported_done',
];

/** Where the defect is: in the resident's own flat, or in the building (common areas). */
export const TICKET_SCOPES = ['apartment', 'building'] as const;
export type TicketScope = (typeof TICKET_SCOPES)[number];

/**
 * The categories every location starts with, with their names in the six other languages (German
 * is the fallback); managers may rename them, translate them and add their own. Those marked
 * `emergency` show the location's emergency number in the form.
 */
export const DEFAULT_TICKET_CATEGORIES = [
  {
    name: 'Heizung',
    emergency: true,
    translations: { en: 'Heating', tr: 'Isıtma', pl: 'Ogrzewanie', uk: 'Опалення', ru: 'Отопление', ar: 'التدفئة' },
  },
  {
    name: 'Wasser & Sanitär',
    emergency: true,
    translations: {
      en: 'Water & plumbing',
      tr: 'Su ve sıhhi tesisat',
      pl: 'Instalacja wodno-kanalizacyjna',
      uk: 'Водопостачання та сантехніка',
      ru: 'Водоснабжение и сантехника',
      ar: 'المياه والسباكة',
    },
  },
  {
    name: 'Elektrik',
    emergency: true,
    translations: {
      en: 'Electrics',
      tr: 'Elektrik',
      pl: 'Instalacja elektryczna',
      uk: 'Електрика',
      ru: 'Электрика',
      ar: 'الكهرباء',
    },
  },
  {
    name: 'Aufzug',
    emergency: false,
    translations: { en: 'Lift', tr: 'Asansör', pl: 'Winda', uk: 'Ліфт', ru: 'Лифт', ar: 'المصعد' },
  },
  {
    name: 'Fenster & Türen',
    emergency: false,
    translations: {
      en: 'Windows & doors',
      tr: 'Pencere ve kapılar',
      pl: 'Okna i drzwi',
      uk: 'Вікна та двері',
      ru: 'Окна и двери',
      ar: 'النوافذ والأبواب',
    },
  },
  {
    name: 'Schlüssel & Schließanlage',
    emergency: false,
    translations: {
      en: 'Keys & locking system',
      tr: 'Anahtar ve kilit sistemi',
      pl: 'Klucze i system zamknięć',
      uk: 'Ключі та замки',
      ru: 'Ключи и замки',
      ar: 'المفاتيح والأقفال',
    },
  },
  {
    name: 'Treppenhaus & Gemeinschaftsflächen',
    emergency: false,
    translations: {
      en: 'Stairwell & common areas',
      tr: 'Merdiven boşluğu ve ortak alanlar',
      pl: 'Klatka schodowa i części wspólne',
      uk: 'Сходова клітка та місця загального користування',
      ru: 'Лестничная клетка и места общего пользования',
      ar: 'بيت الدرج والمرافق المشتركة',
    },
  },
  {
    name: 'Außenanlagen',
    emergency: false,
    translations: {
      en: 'Outdoor areas',
      tr: 'Dış alanlar',
      pl: 'Teren wokół budynku',
      uk: 'Прибудинкова територія',
      ru: 'Придомовая территория',
      ar: 'المساحات الخارجية',
    },
  },
  {
    name: 'Schädlinge',
    emergency: false,
    translations: {
      en: 'Pests',
      tr: 'Haşere',
      pl: 'Szkodniki',
      uk: 'Шкідники',
      ru: 'Вредители',
      ar: 'الحشرات والقوارض',
    },
  },
  {
    name: 'Sonstiges',
    emergency: false,
    translations: { en: 'Other', tr: 'Diğer', pl: 'Inne', uk: 'Інше', ru: 'Другое', ar: 'أخرى' },
  },
] as const;

/** The two system services' titles in the six other languages (what the tiles and the emergency button read). */
export const SYSTEM_SERVICE_TRANSLATIONS = {
  1: {
    en: 'Property management',
    tr: 'Bina yönetimi',
    pl: 'Administracja',
    uk: 'Керуюча компанія',
    ru: 'Управляющая компания',
    ar: 'إدارة المبنى',
  },
  3: { en: 'Reception', tr: 'Resepsiyon', pl: 'Recepcja', uk: 'Рецепція', ru: 'Консьерж', ar: 'الاستقبال' },
} as const;

/** The phone shrinks each photo to this long edge before sending (and strips its location data). */
export const TICKET_PHOTO_MAX_EDGE = 2560;

/** Who wrote an entry of the timeline, as residents see it: never another resident's name. */
export const TICKET_AUTHORS = ['you', 'resident', 'management', 'craftsman', 'system'] as const;
export type TicketAuthor = (typeof TICKET_AUTHORS)[number];

export const TICKET_EVENT_KINDS = [
  'created',
  'status',
  'message',
  'note',
  'photo',
  'assigned',
  'unassigned',
  'craftsman',
  'appointment',
  'merged',
  'rated',
  'reopened',
  'returned',
] as const;
export type TicketEventKind = (typeof TICKET_EVENT_KINDS)[number];

/** Where a craftsman's job stands. */
export const TICKET_ASSIGNMENT_STATES = ['offered', 'accepted', 'declined', 'done', 'revoked'] as const;

export const CRAFTSMAN_LINK_INVALID =
  'Dieser Auftragslink gilt nicht mehr. Bitte wenden Sie sich an die Hausverwaltung.';

// ---- notifications ----

/** The kinds of notification, in the order the profile lists them. */
export const NOTIFICATION_KINDS = [
  'posts',
  'comments',
  'moderation',
  'reports',
  'requests',
  'notices',
  'documents',
  'tickets',
  'parcels',
  'bookings',
  'queue',
  'ticket_queue',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds only staff receive. */
export const STAFF_NOTIFICATION_KINDS: readonly NotificationKind[] = ['queue', 'ticket_queue'];
/** The kinds residents see (the call marked pure: a bundle without them drops it and the lists). */
export const RESIDENT_NOTIFICATION_KINDS = /* @__PURE__ */ NOTIFICATION_KINDS.filter(
  (k) => !STAFF_NOTIFICATION_KINDS.includes(k),
);

// ---- parcels ----

export const PARCEL_CARRIERS = ['DHL', 'Hermes', 'DPD', 'GLS', 'UPS', 'Amazon', 'Post', 'Sonstige'] as const;
export type ParcelCarrier = (typeof PARCEL_CARRIERS)[number];
export const PARCEL_STATUSES = ['open', 'handed_over'] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];

// ---- the labels ----

/**
 * What a language calls the statuses and kinds that the server's mails and the resident app's
 * screens both show: one catalogue per language (de.ts, en.ts, …), so the two never drift apart.
 */
export interface Labels {
  ticketStatuses: Record<TicketStatus, string>;
  /** Where a defect is, as the resident says it ('In meiner Wohnung'). */
  ticketScopes: Record<TicketScope, string>;
  /** As the profile's settings, the e-mails and the unsubscribe page name them. */
  notificationKinds: Record<NotificationKind, string>;
}
