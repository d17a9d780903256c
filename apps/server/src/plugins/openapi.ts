import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FormSpec } from '../lib/uploads.js';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart route's form (the same spec it reads with readForm), so the OpenAPI document
     * describes its request body: the file field and the text fields.
     */
    multipart?: FormSpec<z.ZodType>;
    /**
     * A route that answers with a file instead of JSON: its media type and what the file is, so
     * the OpenAPI document says what a client receives (the route sends it with `reply.type`).
     */
    download?: Download;
  }
}

/** A file a route answers with (`schema.download`). */
export interface Download {
  type: 'application/pdf' | 'text/csv' | 'text/calendar';
  description: string;
}

/** The 200 answer of a file download, for the OpenAPI document. */
function downloadResponse({ type, description }: Download) {
  // Text files are strings; a PDF is bytes.
  const schema = type === 'application/pdf' ? { type: 'string', format: 'binary' } : { type: 'string' };
  return { 200: { description, content: { [type]: { schema } } } };
}

type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { responses?: Record<string, unknown>; schemas?: Record<string, unknown> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** `post /api/admin/residents/{id}/invitation/` → `postAdminResidentsIdInvitation`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** The DRF-shaped error every 4xx answers with (product §6.1). */
const ERROR_SCHEMA = {
  type: 'object',
  description: '`detail` mit einem Satz, oder je Feld eine Liste von Meldungen (DRF-Format).',
  properties: { detail: { type: 'string' }, code: { type: 'string' } },
  additionalProperties: { type: 'array', items: { type: 'string' } },
};
const ERRORS: Record<string, string> = {
  '400': 'Ungültige Eingabe (je Feld eine Liste deutscher Meldungen).',
  '401': 'Nicht angemeldet, oder die Anmeldung ist abgelaufen.',
  '403': 'Keine Berechtigung für diese Aktion.',
  '404': 'Nicht gefunden (oder außerhalb der eigenen Standorte).',
  '429': 'Zu viele Anfragen; `Retry-After` nennt die Sekunden bis zum nächsten Versuch.',
};
const errorRef = (code: string) => ({ $ref: `#/components/responses/Fehler${code}` });

/**
 * Completes what route schemas leave implicit, so Redocly's recommended rules pass
 * (`npm run lint:api`): an operationId from method and path, `security: []` on the anonymous
 * operations, and the 4xx answers each operation can give.
 */
export function completeDocument<D extends Document>(doc: D): D {
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, Fehler: ERROR_SCHEMA };
  doc.components.responses = Object.fromEntries(
    Object.entries(ERRORS).map(([code, description]) => [
      `Fehler${code}`,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Fehler' } } } },
    ]),
  );
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      op.operationId ??= operationIdOf(method, path);
      const anonymous = !op.security?.length;
      op.security = anonymous ? [] : op.security;
      const responses = (op.responses ??= {});
      const add = (code: string) => (responses[code] ??= errorRef(code));
      if (op.requestBody || op.parameters?.length) add('400');
      if (!anonymous) {
        add('401');
        add('403');
      }
      if (path.includes('{')) add('404');
      add('429');
    }
  }
  return doc;
}

/** The request body a multipart route documents: its file field (binary) and its text fields. */
function multipartBody(spec: FormSpec<z.ZodType>) {
  const fields = z.toJSONSchema(spec.fields, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  const { field, required, max = 1 } = spec.file;
  const file = { type: 'string', format: 'binary', description: 'Die Datei (Bild oder PDF; Inhalt wird geprüft).' };
  return {
    type: 'object',
    properties: { ...fields.properties, [field]: max > 1 ? { type: 'array', items: file, maxItems: max } : file },
    required: [...(fields.required ?? []), ...(required ? [field] : [])],
  };
}

/** The OpenAPI document, generated from the route schemas, at /api/docs/openapi.json. */
export const openapiPlugin = fp<{ appName: string }>(async (app, opts) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${opts.appName} API`,
        version: '1.0.0',
        description: 'API für Bewohner, Rezeption und Verwaltung. Fehler im DRF-Format.',
        license: { name: 'Proprietär' },
      },
      // Relative: the paths start with /api on the origin that serves this document.
      servers: [{ url: '/', description: 'Diese Installation' }],
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: '`Token <key>` oder `Bearer <key>`',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'hp_…',
            description:
              'API-Schlüssel einer Integration (`Authorization: Bearer hp_…`), nur für /api/integration/. Jede Operation nennt die nötige Berechtigung; je Schlüssel gilt ein eigenes Limit mit `RateLimit-Policy`- und `RateLimit`-Kopfzeilen.',
          },
        },
      },
    },
    transform: (args) => {
      const out = jsonSchemaTransform(args);
      const spec = args.schema?.multipart;
      // Documentation only: the route itself reads the body with readForm.
      if (spec && !out.schema.body) out.schema = { ...out.schema, body: multipartBody(spec) };
      // Documentation only too: the route sends the file with reply.type.
      const download = args.schema?.download;
      if (download) out.schema = { ...out.schema, response: downloadResponse(download) };
      return out;
    },
    transformObject: (documents) =>
      'openapiObject' in documents ? completeDocument(documents.openapiObject as Document) : documents.swaggerObject,
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, () => app.swagger());
});
