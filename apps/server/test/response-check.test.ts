import Fastify, { type FastifySchema } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { responseCheckPlugin, type ResponseMismatch } from '../src/plugins/response-check.js';
import { freshDatabase, startApp, testConfig, type TestApp } from './harness.js';
import { assertRepliesMatchSchemas, takeMismatches } from './replies.js';

z.config(z.locales.de());

const item = z.object({ id: z.number(), name: z.string(), note: z.string().nullable() });

describe('the response check of the tests', () => {
  const found: ResponseMismatch[] = [];
  const app = Fastify();

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    await app.register(responseCheckPlugin, { onMismatch: (m) => found.push(m) });
    // Typed loosely, so a route may answer a status its schema does not list.
    const schema: FastifySchema = { response: { 200: item } };
    app.get('/right', { schema }, () => ({ id: 1, name: 'a', note: null }));
    app.get('/wrong-type', { schema }, () => ({ id: '1', name: 'a', note: null }));
    app.get('/missing', { schema }, () => ({ id: 1, name: 'a' }));
    app.get('/extra', { schema }, () => ({ id: 1, name: 'a', note: null, secret: 'x' }));
    app.get('/nested', { schema: { response: { 200: z.object({ results: z.array(item) }) } } }, () => ({
      results: [{ id: 1, name: 'a', note: null, owner: { id: 2 } }],
    }));
    app.get('/dates', { schema }, () => ({ id: 1, name: 'a', note: new Date(0) }));
    app.post('/created', { schema }, (_req, reply) => reply.code(201).send({ id: 1, name: 'a', note: null }));
    app.get('/refused', { schema }, (_req, reply) => reply.code(404).send({ detail: 'Nicht gefunden.' }));
    app.get('/range', { schema: { response: { '2xx': item } } }, (_req, reply) =>
      reply.code(202).send({ id: 1, name: 'a', note: 5 }),
    );
    app.get('/text', { schema }, (_req, reply) => reply.type('text/plain').send('id: 1'));
    app.get('/undocumented', () => ({ anything: true }));
    app.get('/hidden', { schema: { hide: true } }, () => ({ anything: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  async function check(method: 'GET' | 'POST', url: string) {
    found.length = 0;
    const res = await app.inject({ method, url });
    return { body: res.body, found: [...found] };
  }

  it('passes a reply its schema describes, and leaves every reply as it was', async () => {
    expect(await check('GET', '/right')).toEqual({ body: '{"id":1,"name":"a","note":null}', found: [] });
    // The check strips nothing: the extra key still goes out, as it does in production.
    expect((await check('GET', '/extra')).body).toBe('{"id":1,"name":"a","note":null,"secret":"x"}');
  });

  it('names the route, the status and zod’s issue for a wrong type or a missing field', async () => {
    const wrong = await check('GET', '/wrong-type');
    expect(wrong.found).toEqual([
      { method: 'GET', route: '/wrong-type', status: 200, issues: [expect.stringMatching(/^id: .*Zahl/)] },
    ]);
    const missing = await check('GET', '/missing');
    expect(missing.found).toEqual([
      { method: 'GET', route: '/missing', status: 200, issues: [expect.stringMatching(/^note: /)] },
    ]);
  });

  it('counts a field the schema does not know as a mismatch, also inside lists', async () => {
    expect((await check('GET', '/extra')).found[0]!.issues).toEqual(['secret: nicht im Schema']);
    expect((await check('GET', '/nested')).found[0]!.issues).toEqual(['results.0.owner: nicht im Schema']);
  });

  it('checks the JSON as it is sent: a date goes out as a string', async () => {
    expect((await check('GET', '/dates')).found).toEqual([]);
  });

  it('counts a success status without a schema, but not an error status, a hidden route or a reply that is no JSON', async () => {
    expect((await check('POST', '/created')).found).toEqual([
      { method: 'POST', route: '/created', status: 201, issues: ['kein Antwort-Schema für diesen Status'] },
    ]);
    expect((await check('GET', '/undocumented')).found).toEqual([
      { method: 'GET', route: '/undocumented', status: 200, issues: ['kein Antwort-Schema für diesen Status'] },
    ]);
    expect((await check('GET', '/refused')).found).toEqual([]);
    expect((await check('GET', '/hidden')).found).toEqual([]);
    expect((await check('GET', '/text')).found).toEqual([]);
    expect((await check('GET', '/nowhere')).found).toEqual([]);
  });

  it('uses a status range as Fastify does', async () => {
    expect((await check('GET', '/range')).found).toEqual([
      { method: 'GET', route: '/range', status: 202, issues: [expect.stringMatching(/^note: /)] },
    ]);
  });
});

describe('the test apps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('sqlite');
    // A route with a deliberately wrong schema, added before the app is ready.
    t.app.get('/api/test-drift/', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, () => ({
      ok: 'ja',
    }));
  });
  afterAll(() => t.close());

  it('check every reply, and the failure names route, status and issue', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-drift/' });
    expect(res.json()).toEqual({ ok: 'ja' });
    expect(() => assertRepliesMatchSchemas()).toThrow(/GET \/api\/test-drift\/ → 200\n +ok: /);
    // The assertion forgot what it reported, so this test itself passes.
    expect(takeMismatches()).toEqual([]);
  });

  it('production apps do without the check', async () => {
    const db = await freshDatabase('sqlite');
    const app = await buildApp({ config: testConfig(db), database: db.handle, logger: false });
    try {
      expect(app.hasPlugin('response-check')).toBe(false);
      expect(t.app.hasPlugin('response-check')).toBe(true);
    } finally {
      await app.close();
      await db.drop();
    }
  });
});
