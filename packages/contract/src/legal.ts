import { z } from 'zod';
import { optionalEmail } from './admin-people.js';
import { LEGAL_PAGES } from './constants.js';
import { API_ERRORS } from './errors.js';
import { requiredTrimmedText, tooLong, trimmedText } from './fields.js';

// The pages German law asks for: 'Impressum' (§ 5 DDG), 'Datenschutz' (Art. 13 DSGVO)
// and 'Barrierefreiheit' (the accessibility statement of the BFSG), with the statement's feedback
// form. Install-wide, written in Markdown by administrators, shown to anyone without sign-in.

/** The longest Markdown a page takes: a long privacy notice is about 30,000 characters. */
export const LEGAL_MARKDOWN_MAX = 60_000;

/**
 * A page as everyone reads it (`GET /api/legal/{page}/`). `html` is rendered from the Markdown on
 * the server and sanitised there (no raw HTML, links only to http, https, mailto and tel).
 * `template`: the shipped template or demo text, not yet saved by an administrator; the app
 * shows the banner 'Vorlage – bitte vor der Inbetriebnahme anpassen'.
 */
export const legalPage = z.object({
  page: z.enum(LEGAL_PAGES),
  html: z.string(),
  template: z.boolean(),
  /** When an administrator last saved it; null while it is the template. */
  updated_at: z.string().nullable(),
});
export type LegalPage = z.infer<typeof legalPage>;

/** A page as the back office edits it: its Markdown, who saved it last, and whether the caller may. */
export const adminLegalPage = legalPage.extend({
  title: z.string(),
  markdown: z.string(),
  updated_by_name: z.string().nullable(),
  /** Only administrators write the pages; managers read them here. */
  editable: z.boolean(),
});
export type AdminLegalPage = z.infer<typeof adminLegalPage>;

const markdown = requiredTrimmedText(LEGAL_MARKDOWN_MAX);

/** `PUT /api/admin/legal/{page}/`: the page's new Markdown. */
export const legalPageInput = z.object({ markdown });
export type LegalPageInput = z.infer<typeof legalPageInput>;

/** `POST /api/admin/legal/preview/`: Markdown to render exactly as the page would show it. */
export const legalPreviewInput = z.object({ markdown });
export const legalPreview = z.object({ html: z.string() });
export type LegalPreview = z.infer<typeof legalPreview>;

/** The feedback form of the accessibility statement: the limits of its fields. */
export const FEEDBACK_MESSAGE_MAX = 5000;
export const FEEDBACK_WHERE_MAX = 300;
export const FEEDBACK_NAME_MAX = 150;

/**
 * `POST /api/legal/barrierefreiheit/feedback/`, with or without sign-in: what did not work (required),
 * where, and a name and address for an answer if the sender wants one.
 */
export const accessibilityFeedbackInput = z.object({
  message: z
    .string({ error: API_ERRORS.required })
    .trim()
    .min(1, { error: API_ERRORS.required })
    .max(FEEDBACK_MESSAGE_MAX, { error: tooLong(FEEDBACK_MESSAGE_MAX) }),
  where: trimmedText(FEEDBACK_WHERE_MAX).optional().default(''),
  name: trimmedText(FEEDBACK_NAME_MAX).optional().default(''),
  email: optionalEmail.optional().default(''),
});
export type AccessibilityFeedbackInput = z.input<typeof accessibilityFeedbackInput>;
export type AccessibilityFeedback = z.output<typeof accessibilityFeedbackInput>;

/** The answer to a feedback that went out to the management. */
export const accessibilityFeedbackReply = z.object({ detail: z.string() });

/** What the server answers once the feedback is on its way. */
export const FEEDBACK_SENT = 'Vielen Dank. Ihre Rückmeldung wurde an die Hausverwaltung weitergeleitet.';
/** The 429's lead when an address or the whole install sent too much feedback. */
export const FEEDBACK_TOO_MANY = 'Es wurden in kurzer Zeit sehr viele Rückmeldungen gesendet.';
/** An install without a staff account that could receive it (no administrator yet). */
export const FEEDBACK_NO_RECIPIENT =
  'Rückmeldungen können gerade nicht zugestellt werden. Bitte wenden Sie sich direkt an die Hausverwaltung.';
/** A manager tried to change a page: only administrators write them. */
export const LEGAL_ADMIN_ONLY = 'Nur Administrator:innen können die rechtlichen Seiten ändern.';
