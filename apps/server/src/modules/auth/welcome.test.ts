import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { call, pdfText } from '../../../test/helpers.js';

const kinds = await dialects();
const NEW_PASSWORD = 'Erstes-Passwort-Linde7';

/** The invitation link's page 'Willkommen' (ADR 044): who is greeted, the first password, signed in. */
describe.each(kinds)('the invitation link /willkommen (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let manager: string;
  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t, { title: 'Residenz am Stadtpark' });
    manager = await signIn(t, await newUser(t, { role: 'manager', managerOf: [park] }));
  });
  afterAll(() => t.close());

  /** Invites the resident and returns the token of the link in the mail. */
  async function invite(resident: TestUser): Promise<string> {
    const res = await call(t.app, 'POST', `/api/admin/residents/${resident.id}/invitation/`, { auth: manager });
    expect(res.status).toBe(202);
    const mail = await t.app.ctx.db
      .selectFrom('email_outbox')
      .select('body_text')
      .where('to_address', '=', resident.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /http:\/\/hausportal\.test\/willkommen\/([A-Za-z0-9_-]+)/.exec(mail.body_text)![1]!;
  }
  const lookup = (token: string) => call(t.app, 'POST', '/api/welcome/lookup/', { payload: { token } });
  const welcome = (token: string, password = NEW_PASSWORD, repeat = password) =>
    call(t.app, 'POST', '/api/welcome/', { payload: { token, password, repeat_password: repeat } });

  it('greets the invited resident by name, house and apartment', async () => {
    const ines = await newUser(t, { locationId: park, name: 'Ines Neu', apartmentNumber: 'W-0101' });
    const res = await lookup(await invite(ines));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: 'Ines Neu', location_title: 'Residenz am Stadtpark', apartment_number: 'W-0101' });
  });

  it('sets the first password and answers a session token that works at once', async () => {
    const olaf = await newUser(t, { locationId: park, name: 'Olaf', apartmentNumber: 'W-0102' });
    const token = await invite(olaf);
    const res = await welcome(token);
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    const profile = await call(t.app, 'GET', '/api/profile/', { auth: `Token ${res.body.token}` });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ name: 'Olaf', apartment_number: 'W-0102' });
    // Stored only as its hash, like every session token.
    const stored = await t.app.ctx.db
      .selectFrom('auth_tokens')
      .select('token_hash')
      .where('user_id', '=', olaf.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(res.body.token);
    // The new password signs in too.
    const signedIn = await call(t.app, 'POST', '/api/login/', {
      payload: { apartment_number: 'W-0102', password: NEW_PASSWORD },
    });
    expect(signedIn.status).toBe(200);
  });

  it('works once: a used link is not found, for the greeting and the password', async () => {
    const pia = await newUser(t, { locationId: park, apartmentNumber: 'W-0103' });
    const token = await invite(pia);
    expect((await welcome(token)).status).toBe(200);
    expect((await lookup(token)).status).toBe(404);
    const again = await welcome(token, 'Anderes-Passwort-Birke9');
    expect(again.status).toBe(404);
  });

  it('refuses an unknown link with 404 and two different passwords as a reset does, keeping the link', async () => {
    expect((await lookup('gibt-es-nicht-0000000000')).status).toBe(404);
    const uwe = await newUser(t, { locationId: park, apartmentNumber: 'W-0104' });
    const token = await invite(uwe);
    const mismatch = await welcome(token, NEW_PASSWORD, 'Etwas-ganz-anderes-1');
    expect(mismatch.status).toBe(400);
    // The reset's answer (product §9.2); the page translates it.
    expect(mismatch.body).toEqual({ non_field_errors: ['Passwords do not match'] });
    expect((await lookup(token)).status).toBe(200);
  });

  it('signs the resident in after an activation letter too', async () => {
    const vera = await newUser(t, { locationId: park, apartmentNumber: 'W-0105', email: '' });
    const letters = await call(t.app, 'POST', '/api/admin/residents/activation-letters/', {
      auth: manager,
      payload: { ids: [vera.id] },
    });
    expect(letters.status).toBe(200);
    const code = /\b([A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4})\b/.exec(await pdfText(letters.raw))![1]!;
    const res = await call(t.app, 'POST', '/api/activation/', {
      payload: { code, password: NEW_PASSWORD, repeat_password: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    const profile = await call(t.app, 'GET', '/api/profile/', { auth: `Token ${res.body.token}` });
    expect(profile.body).toMatchObject({ apartment_number: 'W-0105' });
  });
});
