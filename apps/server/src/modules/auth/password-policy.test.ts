import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { PASSWORD, newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { call } from '../../../test/helpers.js';
import { isoFromMs } from '../../lib/time.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { replaceActivationCodes, replaceResetTokens } from './auth.repository.js';

const kinds = await dialects();

const INSTEAD = 'Nehmen Sie mehrere Wörter oder eine längere Zeichenfolge, etwa drei Wörter mit Bindestrichen.';
const IN_LISTS = `Dieses Passwort ist zu leicht zu erraten: es steht in Listen häufiger Passwörter. ${INSTEAD}`;
const HAS_APARTMENT = `Das Passwort darf Ihre Wohnungsnummer nicht enthalten. ${INSTEAD}`;
const HAS_EMAIL = `Das Passwort darf Ihre E-Mail-Adresse oder deren Teil vor dem @ nicht enthalten. ${INSTEAD}`;

/** The weak passwords of the finding for apartment `apt` (like 'A-0101'), and the reasons. */
const weakFor = (apt: string): [string, string][] => {
  const digits = apt.replace(/\D/g, '');
  return [
    ['12345678', IN_LISTS],
    ['passwort', IN_LISTS],
    ['Passwort1', IN_LISTS],
    [`${apt}xyz!`, HAS_APARTMENT],
    [`${apt.toLowerCase()}-Sonnenblume`, HAS_APARTMENT],
    [`Wohnung${digits}!`, HAS_APARTMENT],
    [`Gruene-Tuer-${digits}`, HAS_APARTMENT],
    ['frieda.fink-Garten', HAS_EMAIL],
  ];
};
const STRONG = 'Kastanie-Regen-Fahrrad7';

describe.each(kinds)('password policy on every path that sets a password (%s)', (kind) => {
  let t: TestApp;
  let location = 0;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  /** A resident of apartment `apt` with the e-mail address frieda.fink@… */
  const resident = async (apt: string): Promise<TestUser> => {
    location = await newLocation(t);
    return newUser(t, {
      locationId: location,
      apartmentNumber: apt,
      email: `frieda.fink@${apt.toLowerCase()}.example`,
    });
  };

  const expectRefused = (res: { status: number; body: unknown }, field: string, message: string, what: string) => {
    expect(res.status, what).toBe(400);
    expect(res.body, what).toEqual({ [field]: [message] });
  };

  it('the reset link (and the invitation, which is one) refuses weak passwords with a German reason', async () => {
    const user = await resident('A-0101');
    const token = newToken();
    await replaceResetTokens(t.app.ctx.db, user.id, hashToken(token), isoFromMs(Date.now() + 3_600_000));
    const confirm = (password: string) =>
      call(t.app, 'POST', '/api/password_reset/confirm/', {
        payload: { token, password, repeat_password: password },
      });
    for (const [weak, message] of weakFor('A-0101')) expectRefused(await confirm(weak), 'password', message, weak);
    // The link still works after the refusals, and the strong password is taken.
    expect((await confirm(STRONG)).status).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/login/', { payload: { apartment_number: 'a-0101', password: STRONG } })).status,
    ).toBe(200);
  });

  it('/aktivieren refuses weak passwords, also one with the e-mail address given there', async () => {
    const user = await resident('B-0202');
    const code = 'ABCDEFGHJKLM';
    const manager = await newUser(t, { role: 'admin' });
    await replaceActivationCodes(
      t.app.ctx.db,
      [{ userId: user.id, codeHash: hashToken(code), expiresAt: isoFromMs(Date.now() + 86_400_000) }],
      manager.id,
    );
    const activate = (password: string, email = '') =>
      call(t.app, 'POST', '/api/activation/', { payload: { code, password, repeat_password: password, email } });
    for (const [weak, message] of weakFor('B-0202')) expectRefused(await activate(weak), 'password', message, weak);
    expectRefused(await activate('Ottilie-Gartenhaus', 'ottilie@example.org'), 'password', HAS_EMAIL, 'new e-mail');
    const ok = await activate(STRONG);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ apartment_number: 'B-0202', detail: expect.any(String), token: expect.any(String) });
  });

  it('the profile password change refuses weak passwords under new_password, for residents and staff', async () => {
    const user = await resident('C-0303');
    const auth = await signIn(t, user);
    const change = (password: string, as = auth, old = PASSWORD) =>
      call(t.app, 'PUT', '/api/profile/changepassword/', {
        auth: as,
        payload: { old_password: old, new_password: password, repeat_password: password },
      });
    for (const [weak, message] of weakFor('C-0303')) expectRefused(await change(weak), 'new_password', message, weak);
    expect((await change(STRONG)).status).toBe(200);

    const staff = await newUser(t, {
      role: 'manager',
      email: 'heike.hansen@verwaltung.example',
      managerOf: [location],
    });
    const staffAuth = await signIn(t, staff);
    expectRefused(await change('12345678', staffAuth), 'new_password', IN_LISTS, 'staff 12345678');
    expectRefused(await change('Heike.Hansen-2026', staffAuth), 'new_password', HAS_EMAIL, 'staff e-mail');
    expect((await change(STRONG, staffAuth)).status).toBe(200);
  });
});
