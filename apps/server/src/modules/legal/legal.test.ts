import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_NO_RECIPIENT,
  FEEDBACK_SENT,
  LEGAL_ADMIN_ONLY,
  LEGAL_MARKDOWN_MAX,
  LEGAL_PAGES,
} from '@hausportal/contract';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { FORBIDDEN, NOT_FOUND, NO_CREDENTIALS, call, rawJson } from '../../../test/helpers.js';
import { newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';

const kinds = await dialects();

/** Markdown an attacker might save or preview, and what must never come out of it. */
const HOSTILE = [
  '# Überschrift',
  '<script>alert("x")</script>',
  '<img src=x onerror=alert(1)> <svg onload=alert(2)></svg> <iframe src="https://evil.example"></iframe>',
  '[klick](javascript:alert(3)) [groß](JaVaScRiPt:alert(4)) [kodiert](&#106;avascript:alert(5))',
  '[daten](data:text/html;base64,PHNjcmlwdD5hbGVydCg2KTwvc2NyaXB0Pg==) [vb](vbscript:msgbox(7))',
  '<a href="javascript:alert(8)">roh</a> <javascript:alert(9)> [ref][böse]',
  '![Bild mit Tracker](https://tracker.example/pixel.gif)',
  '[Website](https://example.org) [Post](mailto:post@example.org) [Anruf](tel:+49301234)',
  '',
  '[böse]: javascript:alert(10)',
].join('\n\n');

describe.each(kinds)('legal pages (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let see: number;
  let anna: TestUser;
  let auth: { anna: string; dora: string; admin: string; manager: string; seeManager: string };

  beforeAll(async () => {
    t = await startApp(kind, { APP_NAME: 'Wohnportal Test' });
    park = await newLocation(t, { title: 'Residenz am Park' });
    see = await newLocation(t, { title: 'Haus am See' });
    anna = await newUser(t, { locationId: park });
    const admin = await newUser(t, { role: 'admin', name: 'Ada Admin', email: 'ada@example.org' });
    // A second administrator whose account was deactivated: no mail for them.
    const gone = await newUser(t, { role: 'admin', email: 'ehemals@example.org' });
    await t.app.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', gone.id).execute();
    auth = {
      anna: await signIn(t, anna),
      dora: await signIn(t, await newUser(t, { locationId: see })),
      admin: await signIn(t, admin),
      manager: await signIn(t, await newUser(t, { role: 'manager', managerOf: [park], email: 'park@example.org' })),
      seeManager: await signIn(t, await newUser(t, { role: 'manager', managerOf: [see], email: 'see@example.org' })),
    };
  });
  afterAll(() => t.close());

  const read = (page: string, opts: Parameters<typeof call>[3] = {}) => call(t.app, 'GET', `/api/legal/${page}/`, opts);
  const save = (who: string, page: string, markdown: unknown) =>
    call(t.app, 'PUT', `/api/admin/legal/${page}/`, { auth: who, payload: { markdown } });
  const feedback = (payload: object, opts: { auth?: string; remoteAddress?: string } = {}) =>
    call(t.app, 'POST', '/api/legal/barrierefreiheit/feedback/', { payload, ...opts });
  const feedbackMails = () =>
    t.app.ctx.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'body_text', 'location_id'])
      .where('kind', '=', 'accessibility_feedback')
      .orderBy('id')
      .execute();
  const clearMails = () => t.app.ctx.db.deleteFrom('email_outbox').execute();

  it('shows each page to anyone without sign-in: the template of this install, marked as such', async () => {
    for (const page of LEGAL_PAGES) {
      const res = await read(page);
      expect(res.status, page).toBe(200);
      expect(res.body).toMatchObject({ page, template: true, updated_at: null });
      expect(res.body.html).toContain('<h2>');
      if (page !== 'impressum') expect(res.body.html).toContain('Wohnportal Test');
      expect(res.body.html).not.toMatch(/%APP_NAME%|%PUBLIC_URL%|<!--/);
      expect(res.headers['cache-control']).toBe('public, no-cache');
    }
    const statement = (await read('barrierefreiheit')).body.html;
    expect(statement).toContain('teilweise barrierefrei');
    expect(statement).toContain('WCAG');
    expect(statement).toContain('EN 301 549');
    expect(statement).toContain('Marktüberwachungsstelle der Länder für die Barrierefreiheit');
    expect(statement).toContain('e2e/tests/keyboard.spec.ts');
    expect(statement).toContain('http://hausportal.test');
    const impressum = (await read('impressum')).body.html;
    expect(impressum).toContain('§\u00a05 Digitale-Dienste-Gesetz');
    // A line never breaks between '§' or 'Abs.' and its number.
    expect(impressum).toContain('§\u00a018 Abs.\u00a02');
    // Without ANALYTICS_* the privacy notice says nothing about page views.
    expect((await read('datenschutz')).body.html).not.toContain('Reichweitenmessung');
  });

  it('answers the same to a signed-in resident and to a stale token, and 404 for any other page', async () => {
    const anonymous = await read('impressum');
    expect((await read('impressum', { auth: auth.anna })).body).toEqual(anonymous.body);
    expect((await read('impressum', { auth: 'Token abgelaufen-0000000000000000' })).body).toEqual(anonymous.body);
    const unknown = await read('agb');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND);
  });

  it('answers 304 to a client that has the current version, and the new one after a save', async () => {
    const first = await read('datenschutz');
    const etag = String(first.headers.etag);
    const again = await read('datenschutz', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect((await save(auth.admin, 'datenschutz', '## Datenschutz\n\nNeu.')).status).toBe(200);
    const changed = await read('datenschutz', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.html).toBe('<h2>Datenschutz</h2>\n<p>Neu.</p>');
  });

  it('lets an administrator save a page, which everyone then reads, no longer as a template', async () => {
    const res = await save(
      auth.admin,
      'impressum',
      '# Impressum\n\nMuster GmbH\nParkallee 1\n\n**Kontakt:** post@example.org',
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      page: 'impressum',
      title: 'Impressum',
      template: false,
      editable: true,
      updated_by_name: 'Ada Admin',
    });
    const shown = await read('impressum');
    // A '#' heading sits below the screen's own title; a line break stays one.
    expect(shown.body.html).toBe(
      '<h2>Impressum</h2>\n<p>Muster GmbH<br />\nParkallee 1</p>\n<p><strong>Kontakt:</strong> <a href="mailto:post@example.org">post@example.org</a></p>',
    );
    expect(shown.body.template).toBe(false);
    expect(Date.parse(shown.body.updated_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('lets managers read the pages in the back office but not change them (403), residents neither (403), strangers 401', async () => {
    const list = await call(t.app, 'GET', '/api/admin/legal/', { auth: auth.manager });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 3, next: null, previous: null });
    expect(list.body.results.map((p: { page: string }) => p.page)).toEqual([...LEGAL_PAGES]);
    expect(list.body.results.every((p: { editable: boolean }) => !p.editable)).toBe(true);
    expect(list.body.results[2].markdown).toContain('## Nicht barrierefreie Inhalte');

    const refused = await save(auth.manager, 'barrierefreiheit', 'Geändert von der Verwaltung');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: LEGAL_ADMIN_ONLY });
    const preview = await call(t.app, 'POST', '/api/admin/legal/preview/', {
      auth: auth.manager,
      payload: { markdown: 'x' },
    });
    expect(preview.status).toBe(403);
    expect((await read('barrierefreiheit')).body.template).toBe(true);

    const resident = await save(auth.anna, 'impressum', 'Von Anna');
    expect(resident.status).toBe(403);
    expect(resident.body).toEqual(FORBIDDEN);
    const stranger = await call(t.app, 'PUT', '/api/admin/legal/impressum/', { payload: { markdown: 'x' } });
    expect(stranger.status).toBe(401);
    expect(stranger.body).toEqual(NO_CREDENTIALS);
    expect((await read('impressum')).body.html).not.toContain('Von Anna');
  });

  it('refuses an empty, an overlong or a missing text and an unknown page in German', async () => {
    expect((await save(auth.admin, 'impressum', '   ')).body).toEqual({ markdown: ['Eingabe ist zwingend'] });
    const long = await save(auth.admin, 'impressum', 'x'.repeat(LEGAL_MARKDOWN_MAX + 1));
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ markdown: [`Höchstens ${LEGAL_MARKDOWN_MAX} Zeichen erlaubt.`] });
    expect((await save(auth.admin, 'impressum', 42)).status).toBe(400);
    const unknown = await save(auth.admin, 'agb', 'Text');
    expect(unknown.status).toBe(404);
  });

  it('renders hostile Markdown harmless, in the preview exactly as on the page', async () => {
    const preview = await call(t.app, 'POST', '/api/admin/legal/preview/', {
      auth: auth.admin,
      payload: { markdown: HOSTILE },
    });
    expect(preview.status).toBe(200);
    expect((await save(auth.admin, 'barrierefreiheit', HOSTILE)).status).toBe(200);
    const html: string = (await read('barrierefreiheit')).body.html;
    expect(html).toBe(preview.body.html);

    expect(html).not.toMatch(/<script|<img|<svg|<iframe|<h1/i);
    // No tag carries an event handler (as text, '&lt;img … onerror=…&gt;' is harmless).
    const tags = [...html.matchAll(/<[a-z][^>]*>/gi)].map((m) => m[0]);
    expect(tags.filter((tag) => /\son\w+\s*=/i.test(tag))).toEqual([]);
    // Every link that survived points to the web, a mail address or a phone number.
    const hrefs = tags.flatMap((tag) => [...tag.matchAll(/href="([^"]*)"/g)].map((m) => m[1]));
    expect(hrefs).toEqual(['https://evil.example', 'https://example.org', 'mailto:post@example.org', 'tel:+49301234']);
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer">Website</a>');
    // What was refused is shown as text, so the administrator sees what they wrote.
    expect(html).toContain('&lt;script&gt;alert("x")&lt;/script&gt;');
    expect(html).toContain('Bild mit Tracker');
    expect(html).not.toContain('tracker.example');
    expect(html).toContain('<h2>Überschrift</h2>');
  });

  it('keeps an audit entry of every save with the text before and after, for administrators only', async () => {
    await save(auth.admin, 'datenschutz', '## Version A');
    await save(auth.admin, 'datenschutz', '## Version B');
    const entries = await t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'legal_page_updated')
      .orderBy('id', 'desc')
      .execute();
    const last = entries[0]!;
    expect(last).toMatchObject({ entity: 'legal_page', location_id: null });
    expect(JSON.parse(last.details!)).toEqual({ page: 'datenschutz' });
    expect(JSON.parse(last.before!)).toMatchObject({ markdown: '## Version A', template: false });
    expect(JSON.parse(last.after!)).toMatchObject({ markdown: '## Version B', template: false });
    // The very first save of a page records the template it replaced.
    const first = entries.find((e) => JSON.parse(e.details!).page === 'impressum')!;
    expect(JSON.parse(first.before!)).toMatchObject({ template: true });

    const adminLog = await call(t.app, 'GET', '/api/admin/audit/?entity=legal_page&page_size=100', {
      auth: auth.admin,
    });
    expect(adminLog.body.results.length).toBe(entries.length);
    const managerLog = await call(t.app, 'GET', '/api/admin/audit/?entity=legal_page&page_size=100', {
      auth: auth.manager,
    });
    expect(managerLog.body.results).toEqual([]);
  });

  it('mails feedback sent without sign-in to every active administrator, with what the sender gave', async () => {
    await clearMails();
    const res = await feedback({
      message: 'Der Knopf „Absenden“ wird vom Screenreader nicht vorgelesen.',
      where: 'Schaden melden',
      name: 'Bea Blind',
      email: 'Bea@Example.org',
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ detail: FEEDBACK_SENT });
    const mails = await feedbackMails();
    expect(mails.map((m) => m.to_address)).toEqual(['ada@example.org']);
    const [mail] = mails;
    expect(mail!.location_id).toBeNull();
    expect(mail!.subject).toBe('Rückmeldung zur Barrierefreiheit von Wohnportal Test');
    expect(mail!.body_text).toContain('Der Knopf „Absenden“ wird vom Screenreader nicht vorgelesen.');
    expect(mail!.body_text).toContain('Wo: Schaden melden');
    expect(mail!.body_text).toContain('Name: Bea Blind');
    expect(mail!.body_text).toContain('Für eine Antwort schreiben Sie bitte an bea@example.org.');
    expect(mail!.body_text).toContain('ohne Anmeldung');
  });

  it("sends a signed-in resident's feedback to their location's managers too, and a stale token's like an anonymous one", async () => {
    await clearMails();
    expect((await feedback({ message: 'Kontrast zu schwach' }, { auth: auth.anna })).status).toBe(202);
    let mails = await feedbackMails();
    expect(mails.map((m) => m.to_address).sort()).toEqual(['ada@example.org', 'park@example.org']);
    expect(mails.every((m) => m.location_id === park)).toBe(true);
    expect(mails[0]!.subject).toBe('Rückmeldung zur Barrierefreiheit von Wohnportal Test (Residenz am Park)');
    expect(mails[0]!.body_text).toContain('von einem angemeldeten Konto am Standort „Residenz am Park“');
    // Only what the resident typed: no apartment number or account name is added.
    expect(mails[0]!.body_text).not.toContain(anna.apartmentNumber);
    expect(mails[0]!.body_text).not.toContain(anna.name);
    expect(mails[0]!.body_text).toContain('Die Person hat keine E-Mail-Adresse angegeben');

    await clearMails();
    expect((await feedback({ message: 'Zu klein' }, { auth: 'Token abgelaufen-0000000000000000' })).status).toBe(202);
    mails = await feedbackMails();
    expect(mails.map((m) => m.to_address)).toEqual(['ada@example.org']);
  });

  it('refuses bad input with German messages and sends nothing', async () => {
    await clearMails();
    const cases: [unknown, object][] = [
      [{}, { message: ['Eingabe ist zwingend'] }],
      [{ message: '   ' }, { message: ['Eingabe ist zwingend'] }],
      [
        { message: 'x'.repeat(FEEDBACK_MESSAGE_MAX + 1) },
        { message: [`Höchstens ${FEEDBACK_MESSAGE_MAX} Zeichen erlaubt.`] },
      ],
      [{ message: 'Hallo', email: 'keine-adresse' }, { email: ['Keine gültige E-Mail-Adresse.'] }],
      [{ message: 'Hallo', name: 'n'.repeat(151) }, { name: ['Höchstens 150 Zeichen erlaubt.'] }],
    ];
    for (const [payload, body] of cases) {
      const res = await feedback(payload as object, { remoteAddress: '10.9.9.9' });
      expect(res.status, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.body).toEqual(body);
    }
    const typed = await feedback({ message: 5 }, { remoteAddress: '10.9.9.9' });
    expect(typed.status).toBe(400);
    expect(typed.body).toHaveProperty('message');
    const broken = await call(t.app, 'POST', '/api/legal/barrierefreiheit/feedback/', rawJson('{"message": '));
    expect(broken.status).toBe(400);
    expect(broken.body.detail).toMatch(/JSON/);
    expect(await feedbackMails()).toEqual([]);
  });
});

describe.each(kinds)('accessibility feedback limits (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, {}, (c) => {
      c.throttle.feedback = { perIp: { points: 2, durationSec: 600 }, perApartment: { points: 3, durationSec: 600 } };
    });
  });
  afterAll(() => t.close());

  const send = (ip: string) =>
    call(t.app, 'POST', '/api/legal/barrierefreiheit/feedback/', {
      payload: { message: 'Etwas geht nicht' },
      remoteAddress: ip,
    });

  it('answers 503 with a way out while no administrator could receive it, without using the budget', async () => {
    await newUser(t, { role: 'manager', managerOf: [await newLocation(t)] });
    const res = await send('10.0.0.9');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ detail: FEEDBACK_NO_RECIPIENT });
  });

  it('allows a few per address, then a German 429 with the wait; no cap for the whole install silences it', async () => {
    await newUser(t, { role: 'admin' });
    expect((await send('10.0.0.1')).status).toBe(202);
    expect((await send('10.0.0.1')).status).toBe(202);
    const third = await send('10.0.0.1');
    expect(third.status).toBe(429);
    expect(third.body.detail).toMatch(
      /^Es wurden in kurzer Zeit sehr viele Rückmeldungen gesendet\. Bitte versuchen Sie es in \d+ Minuten erneut\.$/,
    );
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Twelve other senders, then a genuine one: everybody gets through.
    for (let i = 2; i <= 13; i++) expect((await send(`10.0.1.${i}`)).status, `10.0.1.${i}`).toBe(202);
    expect((await send('10.0.2.1')).status).toBe(202);
    const mails = await t.app.ctx.db
      .selectFrom('email_outbox')
      .select('id')
      .where('kind', '=', 'accessibility_feedback')
      .execute();
    expect(mails.length).toBe(15);
  });

  it('counts an IPv6 host as its /64, and IPv4-mapped IPv6 as the IPv4 address', async () => {
    expect((await send('2001:db8:7:7::1')).status).toBe(202);
    expect((await send('2001:db8:7:7:ffff::28')).status).toBe(202);
    expect((await send('2001:db8:7:7::beef')).status).toBe(429);
    expect((await send('2001:db8:7:8::1')).status).toBe(202);
    expect((await send('10.0.3.1')).status).toBe(202);
    expect((await send('10.0.3.1')).status).toBe(202);
    expect((await send('::ffff:10.0.3.1')).status).toBe(429);
  });

  it('counts a signed-in resident’s apartment too, whatever address they write from', async () => {
    const park = await newLocation(t);
    await newUser(t, { role: 'manager', managerOf: [park] });
    const anna = await newUser(t, { locationId: park });
    const auth = await signIn(t, anna);
    for (const ip of ['10.0.4.1', '10.0.4.2', '10.0.4.3'])
      expect(
        (
          await call(t.app, 'POST', '/api/legal/barrierefreiheit/feedback/', {
            auth,
            payload: { message: 'Kontrast zu schwach' },
            remoteAddress: ip,
          })
        ).status,
      ).toBe(202);
    const fourth = await call(t.app, 'POST', '/api/legal/barrierefreiheit/feedback/', {
      auth,
      payload: { message: 'Kontrast zu schwach' },
      remoteAddress: '10.0.4.4',
    });
    expect(fourth.status).toBe(429);
    // The address itself was not charged for the refused one.
    expect((await send('10.0.4.4')).status).toBe(202);
  });
});

describe('the privacy notice with analytics on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('sqlite', {
      ANALYTICS_PROVIDER: 'matomo',
      ANALYTICS_URL: 'https://statistik.example.org/',
      ANALYTICS_SITE_ID: '3',
    });
  });
  afterAll(() => t.close());

  it('names the analytics server the install sends page views to', async () => {
    const html: string = (await call(t.app, 'GET', '/api/legal/datenschutz/')).body.html;
    expect(html).toContain('<h2>Reichweitenmessung</h2>');
    expect(html).toContain('Die Messung läuft mit Matomo');
    expect(html).toContain('https://statistik.example.org');
    expect(html).not.toContain('{ANALYTICS_URL}');
  });
});

// The demo seed is the same on both dialects; SQLite covers it.
describe('the demo install', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('sqlite', { SEED_DEMO: 'true' });
  });
  afterAll(() => t.close());

  it('shows the templates with made-up details of a made-up operator, still marked as templates', async () => {
    for (const page of LEGAL_PAGES) {
      const res = await call(t.app, 'GET', `/api/legal/${page}/`);
      expect(res.body.template, page).toBe(true);
      expect(res.body.html, page).toContain('<strong>Demo-Inhalt.</strong>');
      expect(res.body.html, page).toContain('Beispiel Hausverwaltung GmbH');
      expect(res.body.html, page).not.toContain('Vorlage für den Betreiber');
    }
    // The Impressum has no placeholder left; the statement keeps only its notes on what to check.
    expect((await call(t.app, 'GET', '/api/legal/impressum/')).body.html).not.toMatch(/[{}]/);
    const statement: string = (await call(t.app, 'GET', '/api/legal/barrierefreiheit/')).body.html;
    expect(statement.match(/\{[^}]*\}/g)).toEqual([expect.stringMatching(/^\{Bitte prüfen/), '{bitte prüfen}']);
  });
});
