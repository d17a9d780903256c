/** Business constants of product §5.6, shared by server and web. */
export const PAGE_SIZE = 10;
/** The most a client may ask for with `page_size` on the short lists (ADR 010). */
export const MAX_PAGE_SIZE = 100;
export const PREVIEW_LENGTH = 150;
export const MAX_FILE_BYTES = 10_485_760;
export const MAX_PHOTOS_PER_POST = 2;
export const MAX_PDFS_PER_POST = 3;
/** Photo formats the server accepts (by their magic bytes) and the client offers. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Documents: PDF only (product §5.3). */
export const DOCUMENT_TYPES = ['application/pdf'] as const;
/** The largest photo a phone takes at full resolution (48 MP iPhone, 50 MP Android sensors). */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const RESET_TOKEN_TTL_MS = 3_600_000;
export const IDLE_TIMEOUT_MS = 3_600_000;
export const BADGE_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
export const WIDE_BREAKPOINT_PX = 500;

/** System services that always exist (product §5.8). */
export const SERVICE_ADMINISTRATION_ID = 1;
export const SERVICE_RECEPTION_ID = 3;
/** Services that get `?fd=1` when opened from the services list (product §5.8). */
export const FD_SERVICE_IDS: readonly number[] = [1, 3, 14];

/** The resident app's languages; German is the default and the fallback. */
export const LANGUAGES = ['de', 'en', 'tr', 'pl', 'uk', 'ru', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language's name in itself, as a language switch shows it whatever the current language. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  de: 'Deutsch',
  en: 'English',
  tr: 'Türkçe',
  pl: 'Polski',
  uk: 'Українська',
  ru: 'Русский',
  ar: 'العربية',
};
/** Languages written from right to left: the layout mirrors for them. */
export const RTL_LANGUAGES: readonly Language[] = ['ar'];
/**
 * The Intl locale of each language, for dates and numbers (the app's screens and the server's mails).
 * Arabic keeps Latin digits, so dates read like the apartment, phone and pickup numbers around them (ADR 031).
 */
export const INTL_LOCALES: Readonly<Record<Language, string>> = {
  de: 'de-DE',
  en: 'en-GB',
  tr: 'tr-TR',
  pl: 'pl-PL',
  uk: 'uk-UA',
  ru: 'ru-RU',
  ar: 'ar-u-nu-latn',
};

export const MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const ROLES = ['resident', 'receptionist', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Back-office staff: a `manager` runs the locations assigned to them, an `admin` every location. */
export const STAFF_ROLES: readonly Role[] = ['manager', 'admin'];
/** Whether a role belongs to the back office rather than the resident app. */
export const isStaff = (role: Role): boolean => STAFF_ROLES.includes(role);

// The pages German law asks for (schemas in legal.ts). Here, without zod, so that the
// login screen's links to them do not bring the schemas into its bundle.
/** The three pages, by the path they have in the resident app (`/impressum`, …) and in the API. */
export const LEGAL_PAGES = ['impressum', 'datenschutz', 'barrierefreiheit'] as const;
export type LegalPageName = (typeof LEGAL_PAGES)[number];

/** Their titles in the back office and in mails (the resident app has its own, in every language). */
export const LEGAL_PAGE_TITLES: Readonly<Record<LegalPageName, string>> = {
  impressum: 'Impressum',
  datenschutz: 'Datenschutzerklärung',
  barrierefreiheit: 'Erklärung zur Barrierefreiheit',
};

/** Whether a text names one of the pages. */
export const isLegalPage = (value: string): value is LegalPageName =>
  (LEGAL_PAGES as readonly string[]).includes(value);
