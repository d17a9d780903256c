import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { bodyInLanguage, requestTranslator } from '../i18n/request.js';
import { ApiError, StorageUnavailable } from '../lib/errors.js';

const INTERNAL = { detail: 'Interner Serverfehler. Bitte versuchen Sie es später erneut.' };

/** Field name from a zod issue path, DRF style; empty paths become non_field_errors. */
function drfValidationBody(validation: { instancePath: string; message?: string }[]) {
  const body: Record<string, string[]> = {};
  for (const v of validation) {
    const field = v.instancePath.replace(/^\//, '').split('/')[0] || 'non_field_errors';
    (body[field] ??= []).push(v.message ?? 'Ungültiger Wert.');
  }
  return body;
}

/**
 * Fastify's `frameworkErrors` option: a broken percent-encoding or an over-long path parameter is
 * answered by the router before the error handler runs; without this the body is not DRF-shaped.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(414).send({ detail: 'Die URL ist zu lang.' });
  if (err.code === 'FST_ERR_BAD_URL') return reply.code(400).send({ detail: 'Die URL ist ungültig.' });
  return reply.code(500).send(INTERNAL);
}

/**
 * The one error handler: every error becomes a DRF-shaped body (product §6.1), never a stack trace.
 * A resident's refusals are written in the language of the request (ADR 038); German otherwise.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof StorageUnavailable) request.log.error({ err: err.reason }, 'Dateispeicher nicht erreichbar');
    if (err instanceof ApiError) {
      const tr = requestTranslator(request);
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send(bodyInLanguage(err.bodyFor(tr), tr));
    }
    if (hasZodFastifySchemaValidationErrors(err))
      return reply.code(400).send(bodyInLanguage(drfValidationBody(err.validation), requestTranslator(request)));
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ detail: 'JSON-Fehler: Der Anfragekörper ist kein gültiges JSON.' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return reply
          .code(415)
          .send({ detail: `Nicht unterstützter Medientyp "${request.headers['content-type'] ?? ''}" in der Anfrage.` });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ detail: 'Die Anfrage ist zu groß.' });
      case 'FST_REQ_FILE_TOO_LARGE':
        return reply
          .code(400)
          .send(bodyInLanguage({ document: ['Die Datei ist zu gross'] }, requestTranslator(request)));
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        return reply.code(400).send({ detail: 'Die Anfrage enthält zu viele Teile.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ detail: err.message });
    request.log.error({ err }, 'Unerwarteter Fehler');
    return reply.code(500).send(INTERNAL);
  });
});
