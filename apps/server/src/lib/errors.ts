import { API_ERRORS, type ApiErrorBody } from '@hausportal/contract';

/** An error that the one error handler turns into a DRF-shaped response. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ApiErrorBody,
    /** Extra response headers, such as Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }
}

/** 404 `{"detail": "Nicht gefunden."}`, also used for anything outside the caller's scope. */
export const notFound = () => new ApiError(404, { detail: API_ERRORS.notFound });
/** 400 with one message under one field. */
export const fieldError = (field: string, message: string) => new ApiError(400, { [field]: [message] });
/** 400 with a cross-field message. */
export const nonFieldError = (message: string) => new ApiError(400, { non_field_errors: [message] });
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
