import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPES } from '@hausportal/contract';
import { dialects, multipart, startApp, type TestApp } from './harness.js';
import {
  PASSWORD,
  newComment,
  newDocument,
  newLocation,
  newPhone,
  newPost,
  newProvider,
  newService,
  newUser,
  signIn,
} from './factories.js';
import { call, expectDrfError, pdfFile, rawJson, uploadAttachment, type Reply } from './helpers.js';
import { newApiKey } from './factories.js';
import { NOBODY, walkRoutes, type WalkedRoute } from './routes.js';

const kinds = await dialects();

/** Routes the walk leaves out: they end the session it calls with, and every later call would be 401. */
const ENDS_THE_SESSION = ['GET /api/logout/'];

/**
 * Routes that answer people who followed a link from a mail, with a page of their own rather than
 * JSON, also when something is wrong (ADR 016's unsubscribe page).
 */
const PAGES = ['GET /api/notifications/unsubscribe/', 'POST /api/notifications/unsubscribe/'];

/** What is wrong with an answer to hostile input, or null: never a 5xx, every error DRF-shaped JSON. */
function problemOf(route: string, res: Reply, label = route): string | null {
  if (res.status >= 500) return `${label}: ${res.status} ${res.raw.toString().slice(0, 200)}`;
  if (res.status < 400 || PAGES.includes(route)) return null;
  if (!/^application\/json/.test(String(res.headers['content-type'])))
    return `${label}: ${res.headers['content-type']}`;
  const body = res.body as Record<string, unknown> | null;
  const drf =
    body !== null &&
    typeof body === 'object' &&
    Object.values(body).every(
      (v) => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')),
    );
  return drf ? null : `${label}: ${res.raw.toString().slice(0, 200)}`;
}

/** The token of the caller a walked route wants. */
const callerOf = (r: WalkedRoute): Who => (r.who === 'resident' ? 'receptionist' : r.who);

type Who = 'anonymous' | 'resident' | 'receptionist' | 'manager' | 'admin' | 'key';
type Endpoint = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; who: Who; body?: boolean };

/** Texts that must come back exactly as sent. */
const AWKWARD_TEXTS = [
  `O'Brien; DROP TABLE messages; -- "quoted" \\ backslash`,
  `' OR '1'='1' /* ${'%'} _ */`,
  'Grüße aus Köln 🏠🔑👋🏽 — „Anführungszeichen“ ‹› ß ẞ',
  'עברית مرحبا 中文 日本語 한국어 Ελληνικά',
  'e\u0301 + combining, zero\u200bwidth, tab\tand\nnewlines\r\n',
  '<script>alert(1)</script><img src=x onerror=alert(1)>',
  '${jndi:ldap://x} {{7*7}} %s %n',
];

describe.each(kinds)('hostile input (%s)', (kind) => {
  let t: TestApp;
  const auth: Record<Who, string | undefined> = {
    anonymous: undefined,
    resident: undefined,
    receptionist: undefined,
    manager: undefined,
    admin: undefined,
    key: undefined,
  };
  let endpoints: Endpoint[];
  /**
   * Every registered /api route, each called as whoever may (the receptionist for the resident
   * side, an administrator for the back office, an all-scope key for the integration API), with
   * path parameters that exist nowhere, so no handler changes anything. The suites below that say
   * "every endpoint" walk these, so a new route is in them without being listed.
   */
  let routes: WalkedRoute[];
  /** The resident's apartment number, which is also her login. */
  let apartment: string;
  let festId: number;

  beforeAll(async () => {
    // The key's own throttle would answer 429 long before the walk is done.
    t = await startApp(kind, { API_KEY_RATE_LIMIT: '1000000' });
    const park = await newLocation(t);
    const anna = await newUser(t, { locationId: park });
    const clara = await newUser(t, { locationId: park, role: 'receptionist' });
    const manager = await newUser(t, { role: 'manager', managerOf: [park] });
    [auth.resident, auth.receptionist, auth.manager] = await Promise.all(
      [anna, clara, manager].map((u) => signIn(t, u)),
    );
    auth.admin = await signIn(t, await newUser(t, { role: 'admin' }));
    auth.key = (await newApiKey(t, { locationIds: [park], scopes: [...API_SCOPES] })).auth;
    routes = walkRoutes(t.app).filter((r) => !ENDS_THE_SESSION.includes(r.key));
    apartment = anna.apartmentNumber;
    // An approved post of a neighbour with a pending comment, and Anna's own pending post.
    festId = await newPost(t, await newUser(t, { locationId: park }));
    const pendingId = await newPost(t, anna, { status: 'pending' });
    const commentId = await newComment(t, festId, clara, { status: 'pending' });
    const documentId = await newDocument(t, park, { apartmentNumber: apartment });
    const phoneId = await newPhone(t, park);
    const serviceId = await newService(t, park);
    const providerId = await newProvider(t, serviceId, park, { email: 'dienst@example.org', allowFormContact: true });
    endpoints = [
      { method: 'POST', url: '/api/login/', who: 'anonymous', body: true },
      { method: 'GET', url: `/api/tenant/?apartment_number=${apartment}`, who: 'anonymous' },
      { method: 'POST', url: '/api/password_reset/', who: 'anonymous', body: true },
      { method: 'POST', url: '/api/password_reset/confirm/', who: 'anonymous', body: true },
      { method: 'GET', url: '/api/push/config/', who: 'resident' },
      { method: 'POST', url: '/api/fcm/token/', who: 'resident', body: true },
      { method: 'DELETE', url: '/api/fcm/token/999999/', who: 'resident' },
      { method: 'GET', url: '/api/profile/', who: 'resident' },
      { method: 'PUT', url: '/api/profile/', who: 'resident', body: true },
      { method: 'PUT', url: '/api/profile/changepassword/', who: 'resident', body: true },
      { method: 'GET', url: '/api/location/', who: 'resident' },
      { method: 'GET', url: '/api/documents/', who: 'resident' },
      { method: 'GET', url: `/api/documents/${documentId}/`, who: 'resident' },
      { method: 'GET', url: '/api/phones/', who: 'resident' },
      { method: 'GET', url: `/api/phones/${phoneId}/`, who: 'resident' },
      { method: 'GET', url: '/api/services/', who: 'resident' },
      { method: 'GET', url: `/api/services/${serviceId}/`, who: 'resident' },
      { method: 'GET', url: `/api/providers/?service_id=${serviceId}`, who: 'resident' },
      { method: 'GET', url: `/api/providers/${providerId}/`, who: 'resident' },
      { method: 'POST', url: `/api/providers/${providerId}/request/`, who: 'resident', body: true },
      { method: 'GET', url: '/api/messages/', who: 'resident' },
      { method: 'POST', url: '/api/messages/', who: 'resident', body: true },
      { method: 'GET', url: `/api/messages/${festId}/`, who: 'resident' },
      { method: 'GET', url: `/api/messages/${festId}/comments/`, who: 'resident' },
      { method: 'POST', url: `/api/messages/${festId}/comments/`, who: 'receptionist', body: true },
      { method: 'PUT', url: `/api/messages/${festId}/like/`, who: 'receptionist' },
      { method: 'PUT', url: `/api/messages/${festId}/unlike/`, who: 'receptionist' },
      { method: 'POST', url: `/api/messages/${pendingId}/documents/`, who: 'resident' },
      { method: 'GET', url: `/api/blackboard_opened/${anna.id}/`, who: 'resident' },
      { method: 'PUT', url: `/api/blackboard_opened/${anna.id}/`, who: 'resident', body: true },
      { method: 'GET', url: '/api/admin/messages/', who: 'manager' },
      { method: 'GET', url: '/api/admin/comments/', who: 'manager' },
      { method: 'PUT', url: `/api/admin/messages/${pendingId}/moderation/`, who: 'manager', body: true },
      { method: 'PUT', url: `/api/admin/comments/${commentId}/moderation/`, who: 'manager', body: true },
    ];
  });
  afterAll(() => t.close());

  const send = (e: Endpoint, opts: Parameters<typeof call>[3] = {}) =>
    call(t.app, e.method, e.url, { auth: auth[e.who], ...opts });

  describe('malformed and mistyped bodies on every endpoint', () => {
    const bodies: [string, string, string][] = [
      ['malformed JSON', '{"apartment_number": "A-0101",', 'application/json'],
      ['a JSON array', '[1, 2, 3]', 'application/json'],
      ['a JSON number', '42', 'application/json'],
      ['JSON null', 'null', 'application/json'],
      ['a JSON string', '"text"', 'application/json'],
      ['JSON true', 'true', 'application/json'],
      ['an empty JSON body', '', 'application/json'],
      ['deeply nested JSON', '['.repeat(50_000) + ']'.repeat(50_000), 'application/json'],
      ['a __proto__ key', '{"__proto__": {"isAdmin": true}, "text": "x"}', 'application/json'],
      ['a form-encoded body', 'apartment_number=A-0101&password=x', 'application/x-www-form-urlencoded'],
      ['an XML body', '<login><apartment_number>A-0101</apartment_number></login>', 'application/xml'],
      ['plain text', 'hello', 'text/plain'],
      ['JSON with a bogus charset', '{"unknown": "field"}', 'application/json; charset=klingon'],
    ];
    it.each(bodies)('answers %s below 500 with a DRF error body, on every route', async (_name, payload, type) => {
      expect(routes.length).toBeGreaterThan(200);
      const problems: string[] = [];
      for (const r of routes) {
        const res = await call(t.app, r.method, r.path(), {
          auth: auth[callerOf(r)],
          payload,
          headers: { 'content-type': type },
        });
        const problem = problemOf(r.key, res) ?? (r.jsonBody && res.status < 400 ? `${r.key}: ${res.status}` : null);
        if (problem) problems.push(problem);
      }
      expect(problems).toEqual([]);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    });

    it('answers 400 with field errors to wrong types in every field', async () => {
      const wrong = {
        apartment_number: 5,
        password: ['x'],
        email: { a: 1 },
        token: 7,
        repeat_password: null,
        old_password: true,
        new_password: 1.5,
        text: { a: 1 },
        type: 7,
        registration_id: [],
        language: {},
        date_blackboard_opened: 1_700_000_000_000,
        status: 9,
        rejection_reason: [],
      };
      for (const e of endpoints.filter((x) => x.body)) {
        const res = await send(e, { payload: wrong });
        expect(res.status, `${e.method} ${e.url}: ${res.raw.toString()}`).toBe(400);
        expectDrfError(res.body);
        expect(res.body.detail, `${e.method} ${e.url}`).toBeUndefined();
      }
    });

    it('answers 413 to a JSON body over 1 MB, on every route that takes one', async () => {
      const text = 'x'.repeat(1_100_000);
      // The resident sync takes 4 MB: a full sync of 5,000 records is about 1.3 MB (product §4.9).
      for (const r of routes.filter((x) => x.jsonBody && x.key !== 'POST /api/integration/residents/sync')) {
        const res = await call(t.app, r.method, r.path(), { auth: auth[callerOf(r)], payload: { text } });
        expect(res.status, r.key).toBe(413);
        expect(res.body).toEqual({ detail: 'Die Anfrage ist zu groß.' });
      }
    });

    it('answers 415 with the content type named for a body the server cannot read', async () => {
      const res = await call(t.app, 'POST', '/api/login/', {
        payload: '<x/>',
        headers: { 'content-type': 'application/xml' },
      });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ detail: 'Nicht unterstützter Medientyp "application/xml" in der Anfrage.' });
    });

    it('answers 400 with a detail to malformed JSON', async () => {
      const res = await call(t.app, 'POST', '/api/login/', rawJson('{"apartment_number": '));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'JSON-Fehler: Der Anfragekörper ist kein gültiges JSON.' });
    });

    it('answers 400 non_field_errors to a body that is not an object', async () => {
      for (const payload of ['[1]', '42', 'null']) {
        const res = await call(t.app, 'POST', '/api/messages/', { auth: auth.resident, ...rawJson(payload) });
        expect(res.status, payload).toBe(400);
        expect(Object.keys(res.body)).toEqual(['non_field_errors']);
      }
    });
  });

  describe('malformed multipart bodies', () => {
    const uploads = () => [
      { method: 'PUT' as const, url: '/api/profile/' },
      {
        method: 'POST' as const,
        url: endpoints.find((e) => e.url.startsWith('/api/messages/') && e.url.endsWith('/documents/'))!.url,
      },
    ];
    const garbage: [string, string, string | Buffer][] = [
      ['no boundary', 'multipart/form-data', 'hello'],
      ['a boundary that never occurs', 'multipart/form-data; boundary=abc', 'garbage without any boundary'],
      ['an empty boundary', 'multipart/form-data; boundary=""', 'x'],
      ['a boundary over 256 bytes', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'x'],
      [
        'a part without headers end',
        'multipart/form-data; boundary=abc',
        '--abc\r\nContent-Disposition: form-data; name="document"; filename="a.pdf"\r\n',
      ],
    ];
    it.each(garbage)('answers 400 to a body with %s', async (_name, type, payload) => {
      for (const u of uploads()) {
        const res = await call(t.app, u.method, u.url, {
          auth: auth.resident,
          payload,
          headers: { 'content-type': type },
        });
        expect(res.status, `${u.method} ${u.url}: ${res.raw.toString()}`).toBe(400);
        expectDrfError(res.body);
      }
    });

    it('answers 400 to a file cut off in the middle', async () => {
      const mp = multipart(
        { name: 'x' },
        { field: 'document', filename: 'a.pdf', type: 'application/pdf', data: await pdfFile() },
      );
      const cut = mp.payload.subarray(0, mp.payload.length - 200);
      const res = await call(t.app, 'POST', uploads()[1]!.url, {
        auth: auth.resident,
        payload: cut,
        headers: mp.headers,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Die multipart/form-data-Daten sind fehlerhaft oder unvollständig.' });
    });

    it('answers 415 to a multipart type other than form-data', async () => {
      for (const u of uploads()) {
        const res = await call(t.app, u.method, u.url, {
          auth: auth.resident,
          payload: 'x',
          headers: { 'content-type': 'multipart/mixed; boundary=abc' },
        });
        expect(res.status).toBe(415);
        expectDrfError(res.body);
      }
    });

    it('answers 400 to a __proto__ form field', async () => {
      const boundary = 'hpboundary';
      const payload = `--${boundary}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--${boundary}--\r\n`;
      const res = await call(t.app, 'PUT', '/api/profile/', {
        auth: auth.resident,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.status).toBe(400);
      expectDrfError(res.body);
    });
  });

  describe('strings', () => {
    it('answers 400 with a field error to a 10,000-character apartment number', async () => {
      const long = 'A'.repeat(10_000);
      const res = await call(t.app, 'POST', '/api/login/', {
        payload: { apartment_number: long, password: PASSWORD },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ apartment_number: ['Höchstens 150 Zeichen erlaubt.'] });
      const tenant = await call(t.app, 'GET', `/api/tenant/?apartment_number=${long}`);
      expect(tenant.status).toBe(400);
      expect(tenant.body).toEqual({ apartment_number: ['Höchstens 150 Zeichen erlaubt.'] });
      const reset = await call(t.app, 'POST', '/api/password_reset/', { payload: { apartment_number: long } });
      expect(reset.status).toBe(400);
      expect(Object.keys(reset.body)).toEqual(['apartment_number']);
    });

    it('treats SQL and unicode in the login as an unknown apartment and leaves the users table alone', async () => {
      const before = (await t.app.ctx.db.selectFrom('users').select('id').execute()).length;
      for (const apartment_number of [
        "' OR '1'='1",
        `${apartment}' --`,
        `${apartment}"; DROP TABLE users; --`,
        'Ä-0101 🏠',
        '\\',
        '%',
        '_-0101',
      ]) {
        const res = await call(t.app, 'POST', '/api/login/', { payload: { apartment_number, password: "' OR ''='" } });
        expect(res.status, apartment_number).toBe(400);
        expect(res.body).toEqual({ non_field_errors: ['Unknown apartment number'] });
        const tenant = await call(
          t.app,
          'GET',
          `/api/tenant/?apartment_number=${encodeURIComponent(apartment_number)}`,
        );
        expect(tenant.status, apartment_number).toBe(404);
      }
      expect((await t.app.ctx.db.selectFrom('users').select('id').execute()).length).toBe(before);
    });

    it('stores SQL quotes, emoji and other scripts in posts and comments and returns them intact', async () => {
      for (const text of AWKWARD_TEXTS) {
        const created = await call(t.app, 'POST', '/api/messages/', { auth: auth.resident, payload: { text } });
        expect(created.status, text).toBe(201);
        const detail = await call(t.app, 'GET', `/api/messages/${created.body.id}/`, { auth: auth.resident });
        expect(detail.body.text).toBe(text.trim());
        const comment = await call(t.app, 'POST', `/api/messages/${festId}/comments/`, {
          auth: auth.receptionist,
          payload: { text },
        });
        expect(comment.status, text).toBe(201);
        expect(comment.body.text).toBe(text.trim());
      }
      const comments = await call(t.app, 'GET', `/api/messages/${festId}/comments/?page=1`, {
        auth: auth.receptionist,
      });
      expect(comments.status).toBe(200);
      const all: string[] = [];
      for (let url: string | null = `/api/messages/${festId}/comments/`; url;) {
        const res: Reply = await call(t.app, 'GET', url, { auth: auth.receptionist });
        all.push(...res.body.results.map((c: { text: string }) => c.text));
        url = res.body.next;
      }
      for (const text of AWKWARD_TEXTS) expect(all).toContain(text.trim());
    });

    it('keeps awkward text intact in a provider request and its mail', async () => {
      const provider = endpoints.find((e) => e.url.endsWith('/request/'))!;
      const text = AWKWARD_TEXTS.join('\n');
      const res = await send(provider, { payload: { text } });
      expect(res.status).toBe(201);
      const mail = await t.app.ctx.db
        .selectFrom('email_outbox')
        .select('body_text')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(mail.body_text).toContain(text.trim());
    });

    it('keeps an awkward attachment name intact', async () => {
      const draft = (
        await call(t.app, 'POST', '/api/messages/', { auth: auth.resident, payload: { text: 'Anhang mit Namen' } })
      ).body.id;
      const name = `Flyer „Sommer“ 🌞 O'Brien; --`;
      const res = await uploadAttachment(
        t.app,
        auth.resident!,
        draft,
        { filename: 'f.pdf', type: 'application/pdf', data: await pdfFile() },
        name,
      );
      expect(res.status).toBe(201);
      expect(res.body.name).toBe(name);
    });

    it('answers 400, on both dialects alike, to a NUL character in any text field', async () => {
      const nul = 'a\u0000b';
      const cases: [Endpoint['method'], string, Who, object][] = [
        ['POST', '/api/login/', 'anonymous', { apartment_number: `${apartment}${'\u0000'}`, password: PASSWORD }],
        ['POST', '/api/password_reset/', 'anonymous', { email: nul }],
        ['POST', '/api/password_reset/', 'anonymous', { apartment_number: nul }],
        ['POST', '/api/messages/', 'resident', { text: nul }],
        ['POST', endpoints.find((e) => e.url.endsWith('/request/'))!.url, 'resident', { text: nul }],
        ['POST', `/api/messages/${festId}/comments/`, 'receptionist', { text: nul }],
        [
          'PUT',
          '/api/profile/changepassword/',
          'resident',
          { old_password: nul, new_password: 'Neu-Passwort1', repeat_password: 'Neu-Passwort1' },
        ],
      ];
      for (const [method, url, who, payload] of cases) {
        const res = await call(t.app, method, url, { auth: auth[who], payload });
        expect(res.status, `${method} ${url} ${res.raw.toString()}`).toBe(400);
        expectDrfError(res.body);
      }
      const tenant = await call(t.app, 'GET', '/api/tenant/?apartment_number=A%00B');
      expect(tenant.status).toBe(400);
      expect(tenant.body).toEqual({ apartment_number: [expect.any(String)] });
    });

    it('stores an attachment whose name or file name holds a NUL character without it', async () => {
      const draft = (
        await call(t.app, 'POST', '/api/messages/', { auth: auth.resident, payload: { text: 'NUL im Namen' } })
      ).body.id;
      const named = await uploadAttachment(
        t.app,
        auth.resident!,
        draft,
        { filename: 'f.pdf', type: 'application/pdf', data: await pdfFile() },
        'Fly\u0000er',
      );
      expect(named.status).toBe(201);
      expect(named.body.name).toBe('Flyer');
      const unnamed = await uploadAttachment(
        t.app,
        auth.resident!,
        draft,
        { filename: 'Pro\u0000gramm.pdf', type: 'application/pdf', data: await pdfFile() },
        '',
      );
      expect(unnamed.status).toBe(201);
      expect(unnamed.body.name).toBe('Programm');
    });
  });

  describe('URLs', () => {
    it('answers 400 with an id field error to negative, zero, fractional, huge and non-numeric ids', async () => {
      const templates = [
        ['GET', '/api/documents/:id/', 'resident'],
        ['GET', '/api/phones/:id/', 'resident'],
        ['GET', '/api/services/:id/', 'resident'],
        ['GET', '/api/providers/:id/', 'resident'],
        ['POST', '/api/providers/:id/request/', 'resident'],
        ['GET', '/api/messages/:id/', 'resident'],
        ['GET', '/api/messages/:id/comments/', 'resident'],
        ['POST', '/api/messages/:id/comments/', 'receptionist'],
        ['PUT', '/api/messages/:id/like/', 'receptionist'],
        ['PUT', '/api/messages/:id/unlike/', 'receptionist'],
        ['POST', '/api/messages/:id/documents/', 'resident'],
        ['DELETE', '/api/fcm/token/:id/', 'resident'],
        ['GET', '/api/blackboard_opened/:id/', 'resident'],
        ['PUT', '/api/blackboard_opened/:id/', 'resident'],
        ['PUT', '/api/admin/messages/:id/moderation/', 'manager'],
        ['PUT', '/api/admin/comments/:id/moderation/', 'manager'],
      ] as const;
      for (const [method, template, who] of templates) {
        for (const id of [
          '-1',
          '0',
          'NaN',
          '1.5',
          '1e309',
          '99999999999',
          '2147483648',
          'abc',
          '%00',
          "1'%20OR%20'1'='1",
          '%F0%9F%8F%A0',
        ]) {
          const url = template.replace(':id', id);
          const payload =
            method === 'GET' || method === 'DELETE'
              ? undefined
              : { text: 'x', status: 'approved', date_blackboard_opened: new Date().toISOString() };
          const res = await call(t.app, method, url, { auth: auth[who], payload });
          expect(res.status, `${method} ${url}: ${res.raw.toString()}`).toBe(400);
          expect(Object.keys(res.body), url).toEqual([template.includes('blackboard') ? 'userId' : 'id']);
        }
      }
    });

    it('answers 2^31 and 2^53 in every id of every route, path and query, below 500 (a 400 in the path)', async () => {
      // PostgreSQL's integer ends at 2,147,483,647; an id past it must never reach a query.
      // external_id is the ERP's own text, not one of ours.
      const idLike = (name: string) => name !== 'external_id' && /(^|_)id$|Id$|_ids$|^apartment$/.test(name);
      const problems: string[] = [];
      for (const huge of ['2147483648', '9007199254740991', '111111111111111111111111111111']) {
        for (const r of routes) {
          const idParams = r.params.filter(idLike);
          if (idParams.length) {
            const res = await call(
              t.app,
              r.method,
              r.path((p) => (idLike(p) ? huge : NOBODY(p))),
              {
                auth: auth[callerOf(r)],
                payload: r.jsonBody ? {} : undefined,
              },
            );
            if (res.status !== 400 || !idParams.some((p) => p in (res.body ?? {})))
              problems.push(`${r.key} ${huge}: ${res.status} ${res.raw.toString().slice(0, 120)}`);
          }
          for (const field of r.query.filter(idLike)) {
            const res = await call(t.app, r.method, `${r.path()}?${field}=${huge}`, { auth: auth[callerOf(r)] });
            const problem = problemOf(r.key, res, `${r.key}?${field}=${huge}`);
            if (problem) problems.push(problem);
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it('answers 404 for well-formed ids that do not exist', async () => {
      for (const url of [
        '/api/documents/2147483647/',
        '/api/phones/2147483647/',
        '/api/services/2147483647/',
        '/api/providers/2147483647/',
        '/api/messages/2147483647/',
      ]) {
        const res = await call(t.app, 'GET', url, { auth: auth.resident });
        expect(res.status, url).toBe(404);
        expect(res.body).toEqual({ detail: 'Nicht gefunden.' });
      }
    });

    it('handles huge and odd page numbers on every list without a 5xx', async () => {
      const lists = [
        '/api/messages/',
        '/api/documents/',
        '/api/phones/',
        '/api/services/',
        `/api/messages/${festId}/comments/`,
      ];
      for (const list of lists) {
        const last = await call(t.app, 'GET', `${list}?page=1000000`, { auth: auth.resident });
        expect(last.status, list).toBe(200);
        expect(last.body.results).toEqual([]);
        expect(last.body.next).toBeNull();
        for (const page of ['1000001', '99999999999999999999', '1e400', '-5', '0', 'zwei', '', '%00', '1&page=2']) {
          const res = await call(t.app, 'GET', `${list}?page=${page}`, { auth: auth.resident });
          expect(res.status, `${list}?page=${page}`).toBe(400);
          expect(Object.keys(res.body)).toEqual(['page']);
        }
      }
    });

    it('answers odd query strings on every GET route below 500 with a DRF body', async () => {
      const queries = [
        'page[$gt]=1',
        'service_id[]=1&service_id[]=2',
        'apartment_number=%27%22%3B--',
        'status=%00',
        `x=${'y'.repeat(5000)}`,
        '%',
        'a=%E0%A4%A',
      ];
      const problems: string[] = [];
      for (const r of routes.filter((x) => x.method === 'GET')) {
        for (const q of [...queries, ...r.query.map((field) => `${field}=%00%27%22`)]) {
          const res = await call(t.app, 'GET', `${r.path()}?${q}`, { auth: auth[callerOf(r)] });
          const problem = problemOf(r.key, res, `${r.key}?${q.slice(0, 40)}`);
          if (problem) problems.push(problem);
        }
      }
      expect(problems).toEqual([]);
    });

    it('answers a broken percent-encoding in the path with a DRF 400', async () => {
      const res = await call(t.app, 'GET', '/api/messages/%E0%A4%A/', { auth: auth.resident });
      expect(res.status).toBe(400);
      expectDrfError(res.body);
    });

    it('answers an over-long path parameter with a DRF error below 500', async () => {
      const res = await call(t.app, 'GET', `/api/messages/${'9'.repeat(500)}/`, { auth: auth.resident });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expectDrfError(res.body);
    });

    it('answers 404 Nicht gefunden. to unknown API paths and methods', async () => {
      for (const [method, url] of [
        ['GET', '/api/nope/'],
        ['PATCH', '/api/messages/'],
        ['DELETE', '/api/profile/'],
        ['POST', '/api/admin/'],
      ] as const) {
        const res = await call(t.app, method, url, { auth: auth.resident });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body).toEqual({ detail: 'Nicht gefunden.' });
      }
    });
  });

  describe('headers', () => {
    it('answers 401 with a detail to odd Authorization headers on every authenticated route', async () => {
      const headers = [
        'Token ' + 'x'.repeat(5000),
        'Token \u00e4\u00f6\u00fc-not-ascii-token',
        "Token ' OR 1=1 --xxxxx",
        'Bearer',
        'Token    ',
        'Digest abc',
      ];
      for (const r of routes.filter((x) => x.who !== 'anonymous')) {
        for (const header of [...headers, 'Bearer hp_' + 'x'.repeat(40)]) {
          const res = await call(t.app, r.method, r.path(), { headers: { authorization: header } });
          expect(res.status, `${r.key} ${header.slice(0, 20)}`).toBe(401);
          expectDrfError(res.body);
        }
      }
    });

    it('answers 401 to every authenticated route without a token', async () => {
      for (const r of routes.filter((x) => x.who !== 'anonymous')) {
        const res = await call(t.app, r.method, r.path(), { payload: r.jsonBody ? {} : undefined });
        expect(res.status, r.key).toBe(401);
        expect(res.body, r.key).toEqual({ detail: 'Anmeldedaten fehlen.' });
      }
    });
  });
});
