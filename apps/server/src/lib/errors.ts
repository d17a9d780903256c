import { API_ERRORS, type ApiErrorBody } from '@hausportal/contract';
import { german, type TextKey, type Translator } from '../i18n/index.js';

/**
 * A text for the reader of an answer, written when the answer is (ADR 038): the error handler
 * renders it with the translator of the request, German when the request names no language.
 */
export type Phrase = (tr: Translator) => string;
/** A message of an error body: a fixed German text, or a phrase in the reader's language. */
export type Message = string | Phrase;

/** A text of the server's catalogue with its values, as a phrase. */
export const said =
  (key: TextKey, vars?: Record<string, string | number>): Phrase =>
  (tr) =>
    tr.t(key, vars);

/** A message in the language of `tr` (a fixed text as it is). */
export const render = (message: Message, tr: Translator): string =>
  typeof message === 'string' ? message : message(tr);

/** An error that the one error handler turns into a DRF-shaped response. */
export class ApiError extends Error {
  /** The body in German: what a caller without a language gets, and what tests and logs read. */
  readonly body: ApiErrorBody;
  private readonly written: ((tr: Translator) => ApiErrorBody) | null;

  constructor(
    readonly statusCode: number,
    body: ApiErrorBody | ((tr: Translator) => ApiErrorBody),
    /** Extra response headers, such as Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    const inGerman = typeof body === 'function' ? body(german()) : body;
    super(typeof inGerman.detail === 'string' ? inGerman.detail : JSON.stringify(inGerman));
    this.body = inGerman;
    this.written = typeof body === 'function' ? body : null;
  }

  /** The body for a reader of `tr`'s language; phrases are written in it (fixed texts stay). */
  bodyFor(tr: Translator): ApiErrorBody {
    return this.written && tr.language !== 'de' ? this.written(tr) : this.body;
  }
}

/** 404 `{"detail": "Nicht gefunden."}`, also used for anything outside the caller's scope. */
export const notFound = () => new ApiError(404, { detail: API_ERRORS.notFound });
/** 400 with one message under one field. */
export const fieldError = (field: string, message: Message) =>
  new ApiError(400, (tr) => ({ [field]: [render(message, tr)] }));
/** 400 with a cross-field message. */
export const nonFieldError = (message: Message) =>
  new ApiError(400, (tr) => ({ non_field_errors: [render(message, tr)] }));
/** 403 for a signed-in caller whose role does not allow the call. */
export const forbidden = () =>
  new ApiError(403, { detail: 'Sie haben keine Berechtigung, diese Aktion durchzuführen.' });
/** 503 when the file store (S3, database) does not answer; the cause goes to the log. */
export class StorageUnavailable extends ApiError {
  constructor(readonly reason: unknown) {
    super(
      503,
      { detail: 'Der Dateispeicher ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.' },
      {
        'Retry-After': '30',
      },
    );
  }
}
export const unauthorized = (detail = 'Ungültiges Token.') => new ApiError(401, { detail });
