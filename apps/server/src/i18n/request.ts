import type { FastifyRequest } from 'fastify';
import { isStaff, type ApiErrorBody, type Language } from '@hausportal/contract';
import { catalogues, german, isLanguage, translator, type TextKey, type Translator } from './index.js';

// The language of an answer (ADR 038): the screen's, which the web names in Accept-Language
// with every call, else the signed-in resident's profile language, else German. Staff, the back
// office, the craftsman's page and the integration API are answered in German whatever their
// browser sends.

/** Areas whose answers are German whoever asks. */
const GERMAN_AREAS = ['/api/admin/', '/api/integration/', '/api/auftrag/'];

/**
 * The language a screen asks for: the most preferred tag of an Accept-Language header whose
 * primary subtag the server writes ('tr-TR,tr;q=0.9' → 'tr'); null when there is none.
 */
export function screenLanguage(header: string | string[] | undefined): Language | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  let best: { language: Language; q: number } | null = null;
  for (const part of value.slice(0, 512).split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isLanguage(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language ?? null;
}

/** The translator an answer to `request` is written with. */
export function requestTranslator(request: FastifyRequest): Translator {
  if (GERMAN_AREAS.some((area) => request.url.startsWith(area))) return german();
  const user = request.user;
  if (user && isStaff(user.role)) return german();
  const screen = screenLanguage(request.headers['accept-language']);
  if (screen) return translator(screen);
  return user ? translator(user.language) : german();
}

// The fixed refusals of the catalogue by their German text: messages that reach the error
// handler as German strings (a contract schema's message, a constant) are recognised whole.
const fixed = new Map<string, TextKey>();
(function collect(node: object, path: string) {
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string') {
      if (!value.includes('{{')) fixed.set(value, `${path}.${key}` as TextKey);
    } else collect(value as object, `${path}.${key}`);
  }
})(catalogues.de.errors, 'errors');

/** A German message in the language of `tr` when it is one of the catalogue's fixed refusals. */
export const inLanguage = (message: string, tr: Translator): string => {
  const key = tr.language === 'de' ? undefined : fixed.get(message);
  return key ? tr.t(key) : message;
};

/** An error body with each of its fixed refusals in the language of `tr`; other texts as they are. */
export function bodyInLanguage(body: ApiErrorBody, tr: Translator): ApiErrorBody {
  if (tr.language === 'de') return body;
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    out[field] =
      typeof value === 'string'
        ? inLanguage(value, tr)
        : Array.isArray(value)
          ? value.map((m: unknown) => (typeof m === 'string' ? inLanguage(m, tr) : m))
          : value;
  }
  return out as ApiErrorBody;
}
