import fp from 'fastify-plugin';
import { z } from 'zod';

/** A JSON reply that its route's response schemas do not describe. */
export interface ResponseMismatch {
  method: string;
  /** The route as registered, e.g. `/api/messages/:id/`. */
  route: string;
  status: number;
  /** What is wrong, one line each: `path: message`. */
  issues: string[];
}

/**
 * The response schema Fastify would pick for a status (the exact code, then `2xx`, then
 * `default`), or undefined when the route documents none for it.
 */
function schemaFor(response: Record<string, unknown>, status: number): unknown {
  return response[status] ?? response[`${String(status)[0]}xx`] ?? response.default;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const pathText = (path: readonly PropertyKey[]) => (path.length ? path.map(String).join('.') : '(root)');

/**
 * The keys of `sent` that the parse dropped: a zod object strips keys it does not know, and the
 * OpenAPI document says `additionalProperties: false`, so each one is a field the API does not describe.
 */
function extraKeys(sent: unknown, parsed: unknown, path: PropertyKey[] = []): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed))
    return sent.flatMap((item, i) => extraKeys(item, parsed[i], [...path, i]));
  if (!isObject(sent) || !isObject(parsed)) return [];
  return Object.keys(sent).flatMap((key) =>
    key in parsed
      ? extraKeys(sent[key], parsed[key], [...path, key])
      : [`${pathText([...path, key])}: nicht im Schema`],
  );
}

/** What is wrong with a JSON value as a reply of this schema: zod's issues, then the keys it does not know. */
export function replyIssues(schema: z.core.$ZodType, sent: unknown): string[] {
  const result = z.safeParse(schema, sent);
  if (!result.success) return result.error.issues.map((i) => `${pathText(i.path)}: ${i.message}`);
  return extraKeys(sent, result.data);
}

/**
 * Tests only (BuildOptions.checkResponses): checks every JSON reply against its route's response
 * schema for the status, strictly, as it goes over the wire, and hands each mismatch to
 * `onMismatch`. A success status without a schema counts too, unless the route is hidden from
 * the OpenAPI document; an error status without one does not (errors are DRF-shaped bodies,
 * described once). The reply itself is sent unchanged: production serialises with plain
 * JSON.stringify and never registers this.
 */
export const responseCheckPlugin = fp<{ onMismatch: (mismatch: ResponseMismatch) => void }>(
  async (app, { onMismatch }) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const { schema: routeSchema } = request.routeOptions;
      if (routeSchema?.hide || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
      if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
      const response = (routeSchema?.response ?? {}) as Record<string, unknown>;
      const where = {
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        status: reply.statusCode,
      };
      const schema = schemaFor(response, reply.statusCode);
      if (schema === undefined) {
        if (reply.statusCode < 400) onMismatch({ ...where, issues: ['kein Antwort-Schema für diesen Status'] });
      } else if (!(schema instanceof z.core.$ZodType)) {
        onMismatch({ ...where, issues: ['das Antwort-Schema ist kein zod-Schema'] });
      } else {
        const issues = replyIssues(schema, JSON.parse(payload.toString()));
        if (issues.length) onMismatch({ ...where, issues });
      }
      return payload;
    });
  },
  { name: 'response-check' },
);
