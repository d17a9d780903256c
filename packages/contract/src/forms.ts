import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { trimmedText } from './fields.js';

// The text fields of the multipart forms (the server reads them with lib/uploads.ts readForm).
// Each form takes one file besides them; its field name is given with the schema.

/** `POST /api/messages/{id}/documents/`: the file in `document`, the name it is shown with (default: the file name). */
export const messageDocumentForm = z.object({ name: trimmedText(255).default('') });

/** The languages a profile can choose, in the error a wrong one gets. */
export const INVALID_LANGUAGE = `Ungültige Sprache. Erlaubt: ${LANGUAGES.join(', ')}.`;

/** `PUT /api/profile/`: the picture in `profile_picture` (multipart), and the language (multipart or JSON). */
export const profileForm = z.object({ language: z.enum(LANGUAGES, { error: INVALID_LANGUAGE }).optional() });
export type ProfileForm = z.infer<typeof profileForm>;

/** `PUT /api/admin/locations/{id}/logo/`: only the image in `logo`. */
export const logoForm = z.object({});

/** One more photo of a ticket (`POST /api/tickets/{id}/photos/` and the back office's, the craftsman's): only the file in `photo`. */
export const photoForm = z.object({});
