import fs from 'node:fs';
import { simpleParser } from 'mailparser';
import { mailFile } from './env';
import type { StoredMail } from './smtp';

export interface Mail {
  from: string;
  to: string[];
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part, '' for plain-text mail. */
  html: string;
  /** Headers by lower-case name, e.g. list-unsubscribe. */
  headers: Map<string, unknown>;
  raw: string;
  receivedAt: Date;
}

/** Decodes a received message (multipart, quoted-printable, encoded headers) with mailparser. */
export async function parseMail(stored: StoredMail): Promise<Mail> {
  const parsed = await simpleParser(stored.raw);
  return {
    from: stored.from,
    to: stored.to,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    headers: parsed.headers,
    raw: stored.raw,
    receivedAt: new Date(stored.receivedAt),
  };
}

/** Every mail the SMTP server of this worker's server (global-setup.ts) has received so far. */
export function readMails(): Promise<Mail[]> {
  return Promise.all((JSON.parse(fs.readFileSync(mailFile(), 'utf8')) as StoredMail[]).map(parseMail));
}

/** Waits for a mail to `to` received after `since` (the server sends from its outbox in the background). */
export async function waitForMail(to: string, since: Date, timeoutMs = 20_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stored = JSON.parse(fs.readFileSync(mailFile(), 'utf8')) as StoredMail[];
    const match = stored.find((m) => m.to.includes(to) && new Date(m.receivedAt) >= since);
    if (match) return parseMail(match);
    if (Date.now() > deadline) {
      const seen = (await readMails()).map((m) => `${m.to.join(',')}: ${m.subject}`);
      throw new Error(
        `No mail to ${to} since ${since.toISOString()} within ${timeoutMs} ms. Received: ${JSON.stringify(seen)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
