import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';

// Routing outside the API does not touch the database, so SQLite alone covers it.
describe('paths outside the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers client-side routes such as /blackboard/2 with the HTML of the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/blackboard/2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<html lang="de"');
  });

  it('answers a missing script with 404 instead of the HTML, so an outdated page fails visibly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-nichtda.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('answers unknown API paths with the DRF-shaped 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/gibtesnicht/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Nicht gefunden.' });
  });
});
