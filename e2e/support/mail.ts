import fs from 'node:fs';
import { ENV_MAIL_FILE } from './env';
import type { StoredMail } from './smtp';

export interface Mail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
  receivedAt: Date;
}

/** Quoted-printable: drops soft line breaks ('=\r\n') and turns '=XX' (e.g. '=3D') into bytes. */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words in headers, e.g. '=?UTF-8?Q?Neues_Passwort_f=C3=BCr?='. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Splits a raw single-part message (as nodemailer sends plain-text mails) into subject and decoded text. */
export function parseMail(stored: StoredMail): Mail {
  const split = stored.raw.search(/\r?\n\r?\n/);
  const head = stored.raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = stored.raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return {
    from: stored.from,
    to: stored.to,
    subject: decodeHeader(header('Subject')),
    text,
    raw: stored.raw,
    receivedAt: new Date(stored.receivedAt),
  };
}

/** Every mail the SMTP server of global-setup.ts has received so far. */
export function readMails(): Mail[] {
  const file = process.env[ENV_MAIL_FILE];
  if (!file) throw new Error(`${ENV_MAIL_FILE} is not set: global-setup.ts did not start the SMTP server`);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as StoredMail[]).map(parseMail);
}

/** Waits for a mail to `to` received after `since` (the server sends from its outbox in the background). */
export async function waitForMail(to: string, since: Date, timeoutMs = 20_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readMails().find((m) => m.to.includes(to) && m.receivedAt >= since);
    if (mail) return mail;
    if (Date.now() > deadline) {
      const seen = readMails().map((m) => `${m.to.join(',')}: ${m.subject}`);
      throw new Error(
        `No mail to ${to} since ${since.toISOString()} within ${timeoutMs} ms. Received: ${JSON.stringify(seen)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
