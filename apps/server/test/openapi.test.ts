import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from './harness.js';
import { call } from './helpers.js';

const kinds = await dialects();

/** Every call of product §4, the detail GETs and the back office, as OpenAPI writes them. */
const DOCUMENTED = [
  'post /api/login/',
  'get /api/logout/',
  'get /api/tenant/',
  'post /api/password_reset/',
  'post /api/password_reset/confirm/',
  'post /api/activation/',
  'post /api/admin/residents/activation-letters/',
  'get /api/push/config/',
  'post /api/fcm/token/',
  'delete /api/fcm/token/{id}/',
  'get /api/profile/',
  'put /api/profile/',
  'put /api/profile/changepassword/',
  'get /api/documents/',
  'get /api/documents/{id}/',
  'get /api/phones/',
  'get /api/phones/{id}/',
  'get /api/services/',
  'get /api/services/{id}/',
  'get /api/location/',
  'get /api/providers/',
  'get /api/providers/{id}/',
  'post /api/providers/{id}/request/',
  'get /api/messages/',
  'post /api/messages/',
  'get /api/messages/{id}/',
  'get /api/messages/{id}/comments/',
  'post /api/messages/{id}/comments/',
  'put /api/messages/{id}/like/',
  'put /api/messages/{id}/unlike/',
  'post /api/messages/{id}/documents/',
  'get /api/blackboard_opened/{userId}/',
  'put /api/blackboard_opened/{userId}/',
  'get /api/admin/messages/',
  'get /api/admin/comments/',
  'put /api/admin/messages/{id}/moderation/',
  'put /api/admin/comments/{id}/moderation/',
  'post /api/staff/login/',
  'get /api/admin/me/',
  'get /api/admin/staff/',
  'get /api/admin/residents/',
  'post /api/admin/residents/',
  'get /api/admin/residents/{id}/',
  'put /api/admin/residents/{id}/',
  'post /api/admin/residents/{id}/deactivate/',
  'post /api/admin/residents/{id}/activate/',
  'post /api/admin/residents/{id}/invitation/',
  'post /api/admin/residents/{id}/password-reset/',
  'post /api/admin/residents/{id}/erasure/',
  'post /api/admin/residents/import/',
  'get /api/admin/emails/',
  'get /api/admin/emails/{id}/',
  'post /api/admin/emails/{id}/retry/',
  'get /api/admin/audit/',
  'get /api/tickets/categories/',
  'post /api/tickets/',
  'get /api/tickets/',
  'get /api/tickets/building/',
  'get /api/tickets/{id}/',
  'post /api/tickets/{id}/photos/',
  'post /api/tickets/{id}/messages/',
  'post /api/tickets/{id}/affected/',
  'delete /api/tickets/{id}/affected/',
  'post /api/tickets/{id}/rating/',
  'post /api/tickets/{id}/reopen/',
  'get /api/tickets/{id}/receipt.pdf',
  'get /api/admin/tickets/stats.csv',
  'get /api/admin/tickets/',
  'get /api/admin/tickets/summary/',
  'get /api/admin/tickets/board/',
  'get /api/admin/tickets/stats/',
  'post /api/admin/tickets/',
  'get /api/admin/tickets/{id}/',
  'post /api/admin/tickets/{id}/status/',
  'post /api/admin/tickets/{id}/messages/',
  'post /api/admin/tickets/{id}/photos/',
  'post /api/admin/tickets/{id}/assignment/',
  'delete /api/admin/tickets/{id}/assignment/',
  'post /api/admin/tickets/{id}/merge/',
  'get /api/admin/ticket-categories/',
  'post /api/admin/ticket-categories/',
  'put /api/admin/ticket-categories/{id}/',
  'get /api/auftrag/{token}/',
  'post /api/auftrag/{token}/accept/',
  'post /api/auftrag/{token}/decline/',
  'post /api/auftrag/{token}/appointment/',
  'post /api/auftrag/{token}/notes/',
  'post /api/auftrag/{token}/photos/',
  'post /api/auftrag/{token}/done/',
];
/** Answered with a file, not JSON. */
const FILE_DOWNLOADS = [
  'get /api/media/{folder}/{file}',
  'get /api/profile/export/',
  'get /api/tickets/{id}/receipt.pdf',
  'get /api/admin/tickets/stats.csv',
  'post /api/admin/residents/activation-letters/',
  'get /api/bookings/mine/{id}/calendar.ics',
  'get /api/bookings/calendar/{token}',
];
const ANONYMOUS = [
  'post /api/login/',
  'post /api/staff/login/',
  'get /api/tenant/',
  'post /api/password_reset/',
  'post /api/password_reset/confirm/',
  'post /api/activation/',
  'get /api/auftrag/{token}/',
  'post /api/auftrag/{token}/accept/',
  'post /api/auftrag/{token}/decline/',
  'post /api/auftrag/{token}/appointment/',
  'post /api/auftrag/{token}/notes/',
  'post /api/auftrag/{token}/photos/',
  'post /api/auftrag/{token}/done/',
];

describe.each(kinds)('API description (%s)', (kind) => {
  let t: TestApp;
  let spec: {
    openapi: string;
    info: { title: string };
    servers: { url: string }[];
    paths: Record<
      string,
      Record<
        string,
        {
          security?: unknown[];
          summary?: string;
          operationId?: string;
          responses: Record<string, unknown>;
          requestBody?: {
            content: Record<
              string,
              { schema: { properties: Record<string, { format?: string }>; required?: string[] } }
            >;
          };
        }
      >
    >;
  };
  beforeAll(async () => {
    t = await startApp(kind);
    const res = await call(t.app, 'GET', '/api/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    spec = res.body;
  });
  afterAll(() => t.close());

  const operations = () => Object.entries(spec.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));

  it('is an OpenAPI 3 document titled after the product', () => {
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.info.title).toBe('Hausportal API');
  });

  it('lists every call of product §4, the detail GETs and the moderation endpoints', () => {
    expect(operations()).toEqual(expect.arrayContaining(DOCUMENTED));
  });

  it('marks every call except the anonymous ones as needing the token', () => {
    for (const op of DOCUMENTED) {
      const [method, p] = op.split(' ') as [string, string];
      const security = spec.paths[p]![method]!.security;
      if (ANONYMOUS.includes(op)) expect(security, op).toEqual([]);
      else expect(security, op).toEqual([{ token: [] }]);
    }
  });

  it('gives every documented operation a summary', () => {
    for (const [p, ops] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(ops)) expect(op.summary, `${method} ${p}`).toBeTruthy();
    }
  });

  it('describes the success response of every operation with a schema', () => {
    const missing: string[] = [];
    for (const [p, ops] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (FILE_DOWNLOADS.includes(`${method} ${p}`)) continue;
        const responses = (op as { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> })
          .responses;
        const ok = Object.entries(responses ?? {}).find(([code]) => /^2/.test(code));
        const described = ok && (ok[0] === '204' || ok[1].content?.['application/json']?.schema);
        if (!described) missing.push(`${method} ${p}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('says which file the activation letters, the ticket statistics and the receipt answer with', () => {
    const content = (p: string, method: string) =>
      (spec.paths[p]![method]!.responses['200'] as { content?: Record<string, { schema: unknown }> }).content;
    expect(content('/api/admin/residents/activation-letters/', 'post')).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
    expect(content('/api/admin/tickets/stats.csv', 'get')).toEqual({ 'text/csv': { schema: { type: 'string' } } });
    expect(content('/api/tickets/{id}/receipt.pdf', 'get')).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
  });

  // What Redocly's recommended rules asked for (npm run lint:api runs them).
  it('names a server and gives every operation a unique operationId and the 4xx answers it can give', () => {
    expect(spec.servers).toEqual([{ url: '/', description: 'Diese Installation' }]);
    const ids = Object.values(spec.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.every((id) => typeof id === 'string' && /^[a-z]+[A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(spec.paths['/api/admin/residents/{id}/invitation/']!.post!.operationId).toBe(
      'postAdminResidentsIdInvitation',
    );
    for (const [p, ops] of Object.entries(spec.paths))
      for (const [method, op] of Object.entries(ops)) {
        const codes = Object.keys(op.responses);
        expect(
          codes.some((c) => /^4/.test(c)),
          `${method} ${p}`,
        ).toBe(true);
        if (op.security?.length) expect(codes, `${method} ${p}`).toEqual(expect.arrayContaining(['401', '403']));
      }
    expect(spec.paths['/api/login/']!.post!.responses).toMatchObject({
      '400': { $ref: '#/components/responses/Fehler400' },
      '429': { $ref: '#/components/responses/Fehler429' },
    });
  });

  it('describes each upload body: the file field as binary and the text fields beside it', () => {
    const form = (p: string, method = 'post') =>
      spec.paths[p]![method]!.requestBody!.content['multipart/form-data']!.schema;
    expect(form('/api/messages/{id}/documents/')).toMatchObject({
      properties: { document: { format: 'binary' }, name: {} },
      required: ['document'],
    });
    expect(form('/api/admin/documents/')).toMatchObject({
      properties: { document: { format: 'binary' }, location_id: {}, title: {} },
    });
    expect(form('/api/admin/documents/').required).toEqual(expect.arrayContaining(['document', 'location_id']));
    expect(form('/api/tickets/').properties.photos).toMatchObject({
      type: 'array',
      items: { format: 'binary' },
      maxItems: 5,
    });
    for (const p of ['/api/tickets/{id}/photos/', '/api/admin/tickets/{id}/photos/', '/api/auftrag/{token}/photos/'])
      expect(form(p), p).toMatchObject({ properties: { photo: { format: 'binary' } }, required: ['photo'] });
    expect(form('/api/admin/locations/{id}/logo/', 'put')).toMatchObject({ required: ['logo'] });
    expect(form('/api/admin/notices/{id}/attachments/')).toMatchObject({ required: ['document'] });
    expect(form('/api/profile/', 'put')).toMatchObject({
      properties: { profile_picture: { format: 'binary' }, language: {} },
    });
  });

  it('leaves out its own route and the health check, which answers ok', async () => {
    expect(Object.keys(spec.paths)).not.toContain('/api/docs/openapi.json');
    expect(Object.keys(spec.paths)).not.toContain('/api/health/');
    const health = await call(t.app, 'GET', '/api/health/');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
  });
});
