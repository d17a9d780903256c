import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, multipart, startApp, type TestApp } from '../../../test/harness.js';
import { newDocument, newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, NOT_FOUND, call, expectDrfError, pdfFile, pngImage } from '../../../test/helpers.js';

const kinds = await dialects();
const ICON = '/icons/document.svg';

describe.each(kinds)('back office: documents (%s)', (kind) => {
  let t: TestApp;
  let park: number; // run by `manager`
  let see: number; // run by `other`
  let annaUser: TestUser; // lives in A-0101 at park
  let anna: string;
  let bernd: string; // her neighbour in A-0102
  let rita: string; // receptionist at park
  let dora: string; // resident at see
  let managerUser: TestUser;
  let manager: string;
  let other: string;
  let seeDocument: number;

  const upload = (auth: string, fields: Record<string, string>, file?: { filename: string; data: Buffer }) => {
    const mp = multipart(
      fields,
      file && { field: 'document', filename: file.filename, type: 'application/pdf', data: file.data },
    );
    return call(t.app, 'POST', '/api/admin/documents/', { auth, payload: mp.payload, headers: mp.headers });
  };
  const titles = async (auth: string) =>
    (await call(t.app, 'GET', '/api/documents/?page_size=100', { auth })).body.results.map(
      (d: { title: string }) => d.title,
    );
  const countRows = async () => (await t.app.ctx.db.selectFrom('documents').select('id').execute()).length;
  const lastAudit = () =>
    t.app.ctx.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    see = await newLocation(t);
    annaUser = await newUser(t, { locationId: park, apartmentNumber: 'A-0101' });
    managerUser = await newUser(t, { role: 'manager', managerOf: [park] });
    [anna, bernd, rita, dora, manager, other] = await Promise.all([
      signIn(t, annaUser),
      newUser(t, { locationId: park, apartmentNumber: 'A-0102' }).then((u) => signIn(t, u)),
      newUser(t, { locationId: park, role: 'receptionist' }).then((u) => signIn(t, u)),
      newUser(t, { locationId: see }).then((u) => signIn(t, u)),
      signIn(t, managerUser),
      newUser(t, { role: 'manager', managerOf: [see] }).then((u) => signIn(t, u)),
    ]);
    seeDocument = await newDocument(t, see, { title: 'Hausordnung am See' });
  });
  afterAll(() => t.close());

  it("uploads a PDF for one apartment, which that apartment's resident sees and the neighbour does not", async () => {
    const res = await upload(
      manager,
      { location_id: String(park), apartment_number: 'A-0101', title: 'Mietvertrag', icon: ICON },
      { filename: 'mietvertrag.pdf', data: await pdfFile('Mietvertrag') },
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: 'Mietvertrag',
      icon: ICON,
      location_id: park,
      apartment_number: 'A-0101',
      file_name: 'mietvertrag.pdf',
      document: expect.stringMatching(/^\/api\/media\/documents\/[A-Za-z0-9_-]+\.pdf\?exp=\d+&sid=\d+&sig=/),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/),
    });
    expect(await titles(anna)).toContain('Mietvertrag');
    expect(await titles(bernd)).not.toContain('Mietvertrag');
    expect(await titles(dora)).not.toContain('Mietvertrag');
    const mine = (await call(t.app, 'GET', '/api/documents/', { auth: anna })).body.results.find(
      (d: { id: number }) => d.id === res.body.id,
    );
    const file = await call(t.app, 'GET', mine.document);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      user_id: managerUser.id,
      action: 'document_created',
      entity: 'document',
      entity_id: res.body.id,
      location_id: park,
      before: null,
    });
    expect(JSON.parse(entry.after!)).toMatchObject({ title: 'Mietvertrag', apartment_number: 'A-0101' });
  });

  it('gives a document without apartment number to every resident of the location, and only them', async () => {
    const res = await upload(
      manager,
      { location_id: String(park), apartment_number: '', title: 'Hausordnung' },
      { filename: 'hausordnung.pdf', data: await pdfFile() },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ apartment_number: null, icon: '' });
    expect(await titles(anna)).toContain('Hausordnung');
    expect(await titles(bernd)).toContain('Hausordnung');
    expect(await titles(dora)).toEqual(['Hausordnung am See']);
  });

  it('files a document under the apartment number as the residents have it, whatever the case typed', async () => {
    const res = await upload(
      manager,
      { location_id: String(park), apartment_number: ' a-0101 ', title: 'Übergabeprotokoll' },
      { filename: 'protokoll.pdf', data: await pdfFile() },
    );
    expect(res.status).toBe(201);
    expect(res.body.apartment_number).toBe('A-0101');
    expect(await titles(anna)).toContain('Übergabeprotokoll');
  });

  it('refuses a file that only claims to be a PDF and stores nothing', async () => {
    const before = await countRows();
    for (const [filename, data] of [
      ['bild.pdf', await pngImage()],
      ['skript.pdf', Buffer.from('<html><script>alert(1)</script></html>')],
    ] as const) {
      const res = await upload(manager, { location_id: String(park), title: 'Falsch' }, { filename, data });
      expect(res.status, filename).toBe(400);
      expect(res.body).toEqual({
        document: [`Die Datei ${filename} hat ein nicht unterstütztes Format. Erlaubt sind PDF-Dokumente.`],
      });
    }
    expect(await countRows()).toBe(before);
  });

  it('refuses a PDF over 10 MB', async () => {
    const big = Buffer.concat([await pdfFile(), Buffer.alloc(10_485_760)]);
    const res = await upload(
      manager,
      { location_id: String(park), title: 'Groß' },
      { filename: 'gross.pdf', data: big },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ document: ['Die Datei gross.pdf ist zu gross'] });
  });

  it('answers missing or wrong fields with German field errors', async () => {
    const pdf = { filename: 'a.pdf', data: await pdfFile() };
    const noFile = await upload(manager, { location_id: String(park), title: 'Ohne Datei' });
    expect(noFile.status).toBe(400);
    expect(noFile.body).toEqual({ document: ['Eingabe ist zwingend'] });
    const noTitle = await upload(manager, { location_id: String(park), title: '  ' }, pdf);
    expect(noTitle.body).toEqual({ title: ['Eingabe ist zwingend'] });
    for (const [fields, field] of [
      [{ location_id: 'abc', title: 'x' }, 'location_id'],
      [{ title: 'x' }, 'location_id'],
      [{ location_id: '99999999999', title: 'x' }, 'location_id'],
      [{ location_id: String(park), title: 'x'.repeat(201) }, 'title'],
      [{ location_id: String(park), title: 'x', apartment_number: 'x'.repeat(151) }, 'apartment_number'],
      [{ location_id: String(park), title: 'x', icon: 'javascript:alert(1)' }, 'icon'],
    ] as const) {
      const res = await upload(manager, fields, pdf);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expectDrfError(res.body);
      expect(Object.keys(res.body)).toEqual([field]);
    }
    const json = await call(t.app, 'POST', '/api/admin/documents/', { auth: manager, payload: { title: 'x' } });
    expect(json.status).toBe(415);
  });

  it("lists only the manager's documents, newest first, filtered by location and apartment", async () => {
    const all = await call(t.app, 'GET', '/api/admin/documents/?page_size=100', { auth: manager });
    expect(all.status).toBe(200);
    const rows = all.body.results as { id: number; location_id: number; created_at: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((d) => d.location_id === park)).toBe(true);
    expect(rows.map((d) => d.id)).not.toContain(seeDocument);
    expect(rows.map((d) => d.id)).toEqual([...rows].sort((a, b) => b.id - a.id).map((d) => d.id));
    const apartment = await call(t.app, 'GET', '/api/admin/documents/?apartment_number=a-0101', { auth: manager });
    expect(apartment.body.results.map((d: { title: string }) => d.title).sort()).toEqual([
      'Mietvertrag',
      'Übergabeprotokoll',
    ]);
    const paged = await call(t.app, 'GET', `/api/admin/documents/?location_id=${park}&page_size=1`, { auth: manager });
    expect(paged.body.next).toBe(`/api/admin/documents/?page=2&location_id=${park}&page_size=1`);
    const foreign = await call(t.app, 'GET', `/api/admin/documents/?location_id=${see}`, { auth: manager });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(NOT_FOUND);
  });

  it('moves a document from one apartment to the whole location and back', async () => {
    const created = await upload(
      manager,
      { location_id: String(park), apartment_number: 'A-0101', title: 'Wasserzähler' },
      { filename: 'zaehler.pdf', data: await pdfFile() },
    );
    const id = created.body.id;
    const wide = await call(t.app, 'PUT', `/api/admin/documents/${id}/`, {
      auth: manager,
      payload: { title: 'Wasserzähler 2026', apartment_number: '' },
    });
    expect(wide.status).toBe(200);
    expect(wide.body).toMatchObject({ id, title: 'Wasserzähler 2026', apartment_number: null, location_id: park });
    expect(await titles(bernd)).toContain('Wasserzähler 2026');
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'document_updated', entity_id: id, location_id: park });
    expect(JSON.parse(entry.before!)).toMatchObject({ title: 'Wasserzähler', apartment_number: 'A-0101' });
    expect(JSON.parse(entry.after!)).toMatchObject({ title: 'Wasserzähler 2026', apartment_number: null });
    const narrow = await call(t.app, 'PUT', `/api/admin/documents/${id}/`, {
      auth: manager,
      payload: { title: 'Wasserzähler 2026', apartment_number: 'A-0102' },
    });
    expect(narrow.body.apartment_number).toBe('A-0102');
    expect(await titles(bernd)).toContain('Wasserzähler 2026');
    expect(await titles(anna)).not.toContain('Wasserzähler 2026');
    expect((await call(t.app, 'GET', `/api/admin/documents/${id}/`, { auth: manager })).body).toMatchObject({
      id,
      apartment_number: 'A-0102',
    });
  });

  it('deletes a document with its file, so residents no longer get it', async () => {
    const created = await upload(
      manager,
      { location_id: String(park), title: 'Alt' },
      { filename: 'alt.pdf', data: await pdfFile() },
    );
    const url = created.body.document;
    const res = await call(t.app, 'DELETE', `/api/admin/documents/${created.body.id}/`, { auth: manager });
    expect(res.status).toBe(204);
    expect(res.raw.length).toBe(0);
    expect(await titles(anna)).not.toContain('Alt');
    expect((await call(t.app, 'GET', url)).status).toBe(404);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'document_deleted', entity_id: created.body.id, location_id: park });
    expect(JSON.parse(entry.before!)).toMatchObject({ title: 'Alt' });
    expect(entry.after).toBeNull();
  });

  it('answers 404 to a manager for every id of another location and changes nothing', async () => {
    const before = await t.app.ctx.db.selectFrom('documents').selectAll().where('id', '=', seeDocument).execute();
    const replies = [
      await call(t.app, 'GET', `/api/admin/documents/${seeDocument}/`, { auth: manager }),
      await call(t.app, 'PUT', `/api/admin/documents/${seeDocument}/`, {
        auth: manager,
        payload: { title: 'Gekapert', apartment_number: '' },
      }),
      await call(t.app, 'DELETE', `/api/admin/documents/${seeDocument}/`, { auth: manager }),
      await upload(manager, { location_id: String(see), title: 'Fremd' }, { filename: 'a.pdf', data: await pdfFile() }),
      await call(t.app, 'GET', '/api/admin/documents/999999/', { auth: manager }),
    ];
    for (const res of replies) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect(await t.app.ctx.db.selectFrom('documents').selectAll().where('id', '=', seeDocument).execute()).toEqual(
      before,
    );
    expect(await titles(dora)).toEqual(['Hausordnung am See']);
    const list = await call(t.app, 'GET', '/api/admin/documents/', { auth: other });
    expect(list.body.results.map((d: { id: number }) => d.id)).toEqual([seeDocument]);
  });

  it('answers 400 with an id field error to malformed ids', async () => {
    for (const [method, template] of [
      ['GET', '/api/admin/documents/:id/'],
      ['PUT', '/api/admin/documents/:id/'],
      ['DELETE', '/api/admin/documents/:id/'],
    ] as const) {
      for (const id of ['-1', '0', '1.5', '2147483648', 'abc', "1'%20OR%20'1'='1"]) {
        const url = template.replace(':id', id);
        const res = await call(t.app, method, url, { auth: manager, payload: method === 'PUT' ? {} : undefined });
        expect(res.status, `${method} ${url}`).toBe(400);
        expect(Object.keys(res.body), url).toEqual(['id']);
      }
    }
  });

  it('answers 403 to residents and receptionists on every document route', async () => {
    for (const auth of [anna, rita]) {
      for (const [method, url] of [
        ['GET', '/api/admin/documents/'],
        ['POST', '/api/admin/documents/'],
        ['GET', `/api/admin/documents/${seeDocument}/`],
        ['PUT', `/api/admin/documents/${seeDocument}/`],
        ['DELETE', `/api/admin/documents/${seeDocument}/`],
      ] as const) {
        const res = await call(t.app, method, url, { auth, payload: method === 'PUT' ? { title: 'x' } : undefined });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body).toEqual(FORBIDDEN);
      }
    }
  });
  it("tells the apartment's resident of a new document (kind 'documents'), and nobody else", async () => {
    const subjects = async (email: string) =>
      (await t.app.ctx.db.selectFrom('email_outbox').select('subject').where('to_address', '=', email).execute()).map(
        (m) => m.subject,
      );
    const res = await upload(
      manager,
      { location_id: String(park), apartment_number: 'A-0101', title: 'Wohnungsgeberbestätigung' },
      { filename: 'bestaetigung.pdf', data: await pdfFile() },
    );
    expect(res.status).toBe(201);
    expect(await subjects(annaUser.email)).toContain('Neues Dokument für Ihre Wohnung: Wohnungsgeberbestätigung');
    const all = await t.app.ctx.db
      .selectFrom('email_outbox')
      .select('to_address')
      .where('subject', 'like', '%Wohnungsgeberbestätigung%')
      .execute();
    expect(all.map((m) => m.to_address)).toEqual([annaUser.email]);
    // Switched off, the next one stays away.
    const settings = (await call(t.app, 'GET', '/api/profile/notifications/', { auth: anna })).body;
    settings.email.documents = false;
    expect((await call(t.app, 'PUT', '/api/profile/notifications/', { auth: anna, payload: settings })).status).toBe(
      200,
    );
    await upload(
      manager,
      { location_id: String(park), apartment_number: 'A-0101', title: 'Zweites Schreiben' },
      { filename: 'zwei.pdf', data: await pdfFile() },
    );
    expect((await subjects(annaUser.email)).filter((s) => s.includes('Zweites Schreiben'))).toEqual([]);
  });
});
