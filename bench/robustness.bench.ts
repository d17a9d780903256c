// `npm run bench:robustness`: what a real building meets in its first week, measured over HTTP
// against the real server on a fresh demo database: logins behind one NAT address, guessing,
// reset links, parallel uploads, write floods, long lists, a mail backlog and APP_NAME.
// Not a test: it prints figures to compare between versions. BENCH_ROOT=<checkout> measures
// another checkout of the project (with its own node_modules) the same way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { SMTPServer } from 'smtp-server';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { startServer } from './server.js';

const root = path.resolve(process.env.BENCH_ROOT ?? path.join(import.meta.dirname, '..'));
const PASSWORD = 'Demo1234!';
const APP_NAME = 'Wohnportal Nord';
// better-sqlite3 of the measured checkout, so its own schema is written.
const SQLite = createRequire(path.join(root, 'apps/server/package.json'))(
  'better-sqlite3',
) as typeof import('better-sqlite3');

const figures: [string, string][] = [];
const report = (what: string, value: string | number) => {
  figures.push([what, String(value)]);
  console.log(`${what}: ${value}`);
};

// A real SMTP server that records Message-IDs and bodies.
const received: { to: string; messageId: string; body: string; at: number }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, cb) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address).join(','),
        messageId: /^message-id:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? '',
        body: raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
        at: Date.now(),
      });
      cb();
    });
  },
});
await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
const smtpPort = (smtp.server.address() as { port: number }).port;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-robust-'));
const env = {
  DATA_DIR: dataDir,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  TRUST_PROXY: 'true',
  APP_NAME,
  DATABASE_URL: '',
  REDIS_URL: '',
};
let server = await startServer(env, root);
let base = server.url;

type Reply = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
async function call(
  method: string,
  url: string,
  opts: { ip?: string; auth?: string; json?: unknown; form?: FormData } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? '192.0.2.1' };
  if (opts.auth) headers.authorization = opts.auth;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) body = opts.form;
  const res = await fetch(base + url, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}
const login = (apartment: string, ip: string, password = PASSWORD) =>
  call('POST', '/api/login/', { ip, json: { apartment_number: apartment, password } });
async function token(apartment: string, ip = '198.51.100.200') {
  const res = await login(apartment, ip);
  if (res.status !== 200) throw new Error(`Anmeldung ${apartment}: ${res.status} ${JSON.stringify(res.body)}`);
  return `Token ${res.body.token}`;
}
const tally = (replies: Reply[]) => {
  const by: Record<number, number> = {};
  for (const r of replies) by[r.status] = (by[r.status] ?? 0) + 1;
  return Object.entries(by)
    .map(([s, n]) => `${n}× ${s}`)
    .join(', ');
};

try {
  // Signed in before the throttling runs below, which may lock the demo apartments out.
  const anna = await token('A-0101');

  // 1. Throttling.
  const nat: Reply[] = [];
  for (let i = 0; i < 40; i++) nat.push(await login('A-0101', '203.0.113.10'));
  report('40 richtige Anmeldungen von einer Adresse in einer Minute', tally(nat));

  const building: Reply[] = [];
  for (let i = 0; i < 50; i++) {
    if (i % 10 === 0) building.push(await login('A-0102', '203.0.113.11', 'vertippt'));
    building.push(await login(i % 2 ? 'A-0102' : 'A-0101', '203.0.113.11'));
  }
  report(
    'Haus hinter einer NAT-Adresse: 50 Anmeldungen, 5 davon nach einem Tippfehler',
    tally(building.filter((_, i) => i % 11 !== 0)),
  );

  for (let i = 0; i < 10; i++) await login('B-0101', '203.0.113.20', `falsch-${i}`);
  report(
    '10 falsche Passwörter für B-0101 von Adresse A, dann das richtige von Adresse B',
    (await login('B-0101', '203.0.113.21')).status,
  );

  const single: Reply[] = [];
  for (let i = 0; i < 30; i++) single.push(await login('A-0201', '203.0.113.30', `rate-${i}`));
  report('30 Rateversuche auf A-0201 von einer Adresse', tally(single));

  const spread: Reply[] = [];
  for (let i = 0; i < 60; i++) spread.push(await login('A-0305', `100.64.${i}.1`, `rate-${i}`));
  report('60 Rateversuche auf A-0305 von 60 Adressen', tally(spread));
  const during = await login('A-0305', '100.65.0.1');
  report('  danach das richtige Passwort von einer neuen Adresse', during.status);
  if (during.status === 429) {
    const waitS = Number(
      (
        await fetch(`${base}/api/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '100.65.0.2' },
          body: JSON.stringify({ apartment_number: 'A-0305', password: PASSWORD }),
        })
      ).headers.get('retry-after') ?? 0,
    );
    await new Promise((r) => setTimeout(r, (waitS + 0.2) * 1000));
    report(`  dasselbe nach der genannten Wartezeit (${waitS} s)`, (await login('A-0305', '100.65.0.3')).status);
  }

  // 3. Reset tokens: two requests, the newer link is used, then the older one.
  const since = received.length;
  for (let i = 0; i < 2; i++)
    await call('POST', '/api/password_reset/', {
      ip: '203.0.113.40',
      json: { email: 'x', apartment_number: 'A-0410' },
    });
  for (let i = 0; i < 50 && received.length < since + 2; i++) await new Promise((r) => setTimeout(r, 100));
  const links = received.slice(since).map((m) => /forgot-password\/([A-Za-z0-9_-]+)/.exec(m.body)?.[1]);
  if (links.length === 2 && links[0] && links[1]) {
    const confirm = (t: string) =>
      call('POST', '/api/password_reset/confirm/', {
        ip: '203.0.113.41',
        json: { token: t, password: 'Neu-Passwort-1', repeat_password: 'Neu-Passwort-1' },
      });
    await confirm(links[1]);
    report('Älterer Reset-Link, nachdem der neuere benutzt wurde', (await confirm(links[0])).status);
  } else report('Älterer Reset-Link, nachdem der neuere benutzt wurde', `nicht messbar (${links.length} Mails)`);

  // 4. Parallel uploads to one post.
  const post = await call('POST', '/api/messages/', { auth: anna, json: { text: 'Paralleler Upload' } });
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c03030' } })
    .png()
    .toBuffer();
  const pdfDoc = await PDFDocument.create();
  pdfDoc.addPage([100, 100]);
  const pdf = Buffer.from(await pdfDoc.save());
  const upload = (data: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('name', name);
    form.append('document', new Blob([new Uint8Array(data)], { type }), name);
    return call('POST', `/api/messages/${post.body.id}/documents/`, { auth: anna, form });
  };
  const uploads = await Promise.all([
    ...Array.from({ length: 10 }, (_, i) => upload(png, `bild-${i}.png`, 'image/png')),
    ...Array.from({ length: 10 }, (_, i) => upload(pdf, `dok-${i}.pdf`, 'application/pdf')),
  ]);
  const stored = await call('GET', `/api/messages/${post.body.id}/`, { auth: anna });
  const kinds = (stored.body.documents as { kind: string }[]).map((d) => d.kind);
  report(
    '10 Bilder und 10 PDFs parallel an einen Beitrag (erlaubt: 2 und 3)',
    `${kinds.filter((k) => k === 'image').length} Bilder, ${kinds.filter((k) => k === 'pdf').length} PDFs gespeichert (${tally(uploads)})`,
  );

  // 5. Write floods with one token.
  const services = await call('GET', '/api/services/', { auth: anna });
  let providerId: number | undefined;
  for (const s of services.body.results as { id: number }[]) {
    const p = await call('GET', `/api/providers/?service_id=${s.id}`, { auth: anna });
    providerId ??= (p.body.results as { id: number; allow_form_contact: boolean }[]).find(
      (x) => x.allow_form_contact,
    )?.id;
  }
  const mailsBefore = received.length;
  const t0 = Date.now();
  const flood: Reply[] = [];
  for (let i = 0; i < 200; i += 20)
    flood.push(
      ...(await Promise.all(
        Array.from({ length: 20 }, () =>
          call('POST', `/api/providers/${providerId}/request/`, { auth: anna, json: { text: 'Flut' } }),
        ),
      )),
    );
  const seconds = (Date.now() - t0) / 1000;
  report('200 Anbieteranfragen mit einem Token', `${tally(flood)} in ${seconds.toFixed(1)} s`);
  await new Promise((r) => setTimeout(r, 3000));
  report('  davon als E-Mail an den Anbieter verschickt (nach 3 s)', received.length - mailsBefore);
  const posts: Reply[] = [];
  for (let i = 0; i < 100; i++)
    posts.push(await call('POST', '/api/messages/', { auth: anna, json: { text: `Flut ${i}` } }));
  report('100 neue Beiträge mit einem Token', tally(posts));

  // 6. Lists longer than one page: 25 phones at location 1, 25 approved comments on a post.
  const db = new SQLite(path.join(dataDir, 'hausportal.sqlite'));
  db.pragma('busy_timeout = 5000');
  const now = new Date().toISOString();
  const insertPhone = db.prepare(
    "insert into phones (location_id, name, number, icon, highlighted, hidden, sort_order) values (1, ?, ?, '', 0, 0, 100)",
  );
  const phonesBefore = (db.prepare('select count(*) as n from phones where location_id = 1').get() as { n: number }).n;
  for (let i = phonesBefore; i < 25; i++)
    insertPhone.run(`Nummer ${i + 1}`, `+49 30 555 ${String(i).padStart(4, '0')}`);
  const approved = db
    .prepare("select id from messages where location_id = 1 and status = 'approved' order by id limit 1")
    .get() as { id: number };
  const rez = db.prepare("select id from users where login = 'a-rez'").get() as { id: number };
  const insertComment = db.prepare(
    "insert into comments (message_id, user_id, text, status, created_at) values (?, ?, ?, 'approved', ?)",
  );
  const commentsBefore = (
    db.prepare("select count(*) as n from comments where message_id = ? and status = 'approved'").get(approved.id) as {
      n: number;
    }
  ).n;
  for (let i = commentsBefore; i < 25; i++) insertComment.run(approved.id, rez.id, `Kommentar ${i + 1}`, now);
  db.close();
  const firstPage = async (url: string) => {
    const r = await call('GET', url, { auth: anna });
    return `count ${r.body.count}, erste Antwort ${r.body.results.length}, next ${r.body.next ? 'gesetzt' : 'null'}`;
  };
  // The old client read only the first answer to the plain URL; the new one asks for 100 and follows next.
  for (const query of ['', '?page_size=100']) {
    report(`25 Telefonnummern: GET /api/phones/${query}`, await firstPage(`/api/phones/${query}`));
    report(
      `25 Kommentare: GET /api/messages/{id}/comments/${query}`,
      await firstPage(`/api/messages/${approved.id}/comments/${query}`),
    );
  }

  // 7. APP_NAME in what the browser loads.
  const html = await (await fetch(`${base}/`)).text();
  report(`APP_NAME="${APP_NAME}" im HTML von /`, html.includes(APP_NAME) ? 'ja' : 'nein');
  const manifest = await fetch(`${base}/manifest.webmanifest`);
  report('  im Web-App-Manifest', manifest.ok && (await manifest.text()).includes(APP_NAME) ? 'ja' : 'nein');

  // 2. A backlog of 200 mails after a restart.
  await server.stop();
  const outbox = new SQLite(path.join(dataDir, 'hausportal.sqlite'));
  outbox.exec("update email_outbox set status = 'sent' where status = 'pending'");
  const insertMail = outbox.prepare(
    "insert into email_outbox (to_address, subject, body_text, status, attempts, next_attempt_at, created_at) values (?, 'Rückstau', 'Text', 'pending', 0, ?, ?)",
  );
  for (let i = 0; i < 200; i++) insertMail.run(`rueckstau-${i}@example.org`, now, now);
  outbox.close();
  const backlogStart = received.length;
  const t1 = Date.now();
  server = await startServer(env, root);
  base = server.url;
  const limitMs = Number(process.env.BENCH_BACKLOG_WAIT_MS ?? 200_000);
  while (received.length - backlogStart < 200 && Date.now() - t1 < limitMs)
    await new Promise((r) => setTimeout(r, 100));
  const arrivals = received.slice(backlogStart).map((m) => m.at - t1);
  report('Rückstau von 200 Mails: nach dem Neustart in 10 s zugestellt', arrivals.filter((ms) => ms <= 10_000).length);
  report(
    '  alle 200 zugestellt nach',
    arrivals.length >= 200
      ? `${(Math.max(...arrivals) / 1000).toFixed(1)} s (ab Start des Servers)`
      : `über ${limitMs / 1000} s (${arrivals.length} zugestellt)`,
  );
  const ids = received.slice(backlogStart).map((m) => m.messageId);
  report('  Mails mit Message-ID / davon doppelt', `${ids.filter(Boolean).length} / ${ids.length - new Set(ids).size}`);
} finally {
  await server.stop();
  await new Promise<void>((r) => smtp.close(() => r()));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nErgebnis (${root === path.resolve(import.meta.dirname, '..') ? 'dieser Stand' : root})`);
console.log('| Messung | Ergebnis |\n|---|---|');
for (const [what, value] of figures) console.log(`| ${what.trim()} | ${value} |`);
