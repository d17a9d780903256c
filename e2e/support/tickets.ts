import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { people } from '../../apps/server/src/seed/demo-data';
import { mailFile } from './env';
import type { StoredMail } from './smtp';
import { expect } from './test';

// Helpers of the ticket journeys: the mails the outbox sends in the background, read
// from the test SMTP server with their attachments, and the text of the receipt PDF.

/** Parsed mails by their place in the SMTP server's file, which only grows during a run. */
const parsed = new Map<number, Promise<ParsedMail>>();

/** Every mail to `to` so far, parsed with its attachments, oldest first. */
async function allMailsTo(to: string): Promise<ParsedMail[]> {
  const stored = JSON.parse(fs.readFileSync(mailFile(), 'utf8')) as StoredMail[];
  const mine: Promise<ParsedMail>[] = [];
  stored.forEach((mail, index) => {
    if (!mail.to.includes(to)) return;
    if (!parsed.has(index)) parsed.set(index, simpleParser(mail.raw));
    mine.push(parsed.get(index)!);
  });
  return Promise.all(mine);
}

/** Every mail to `to` with exactly this subject, oldest first. */
export async function mailsTo(to: string, subject: string): Promise<ParsedMail[]> {
  return (await allMailsTo(to)).filter((m) => m.subject === subject);
}

/**
 * Waits until the mail to `to` with this subject has arrived and returns it. The outbox sends in
 * the background (and retries), so the mailbox is polled; a failure lists what did arrive.
 */
export async function expectMail(to: string, subject: string, timeout = 45_000): Promise<ParsedMail> {
  await expect
    // The subjects of every mail to `to`, so a failure shows what did arrive.
    .poll(async () => (await allMailsTo(to)).map((m) => m.subject), {
      message: `a mail to ${to} with the subject „${subject}“`,
      timeout,
      intervals: [250, 500, 1000],
    })
    .toContain(subject);
  return (await mailsTo(to, subject))[0]!;
}

/** The first link in a mail's text whose path matches, e.g. /\/tickets\/\d+/. */
export function linkIn(mail: ParsedMail, path: RegExp): string {
  const link = (mail.text ?? '').match(new RegExp(`https?://[^\\s<>"]+?${path.source}`))?.[0];
  if (!link) throw new Error(`No link matching ${path} in the mail „${mail.subject}“:\n${mail.text}`);
  return link;
}

/**
 * Opens a resident's ticket page (e.g. the link of a mail) and waits for the server's answer: the
 * page shows its stored copy first (product §2.20, readable offline), so a check made before the
 * answer could pass on the state of the last visit.
 */
export async function openTicket(page: Page, url: string): Promise<void> {
  const id = /\/tickets\/(\d+)$/.exec(new URL(url, 'http://x').pathname)?.[1];
  if (!id) throw new Error(`${url} is not a ticket's page`);
  const answer = page.waitForResponse(
    (res) => new URL(res.url()).pathname === `/api/tickets/${id}/` && res.request().method() === 'GET' && res.ok(),
  );
  await page.goto(url);
  await answer;
}

/** The text of a PDF, read back with pdf.js (unpdf), as a reader's tools would extract it. */
export async function pdfText(data: Buffer | Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const doc = await getDocumentProxy(new Uint8Array(data));
  const { text } = await extractText(doc, { mergePages: true });
  return text;
}

/** The demo's residents (and the receptionist, who is one too) of product §10. */
export const demoResidents = people.filter((p) => p.role === 'resident' || p.role === 'receptionist');

/** The login, name and e-mail address of a demo resident. */
export function demoResident(login: string): { login: string; name: string; email: string } {
  const person = demoResidents.find((p) => p.login === login);
  if (!person) throw new Error(`${login} is not a demo resident`);
  return person;
}

/** `YYYY-MM-DD` (for a date input) and `DD.MM.YYYY` (as the app shows it) of a day in Berlin. */
export function berlinDay(daysFromNow: number): { iso: string; german: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(Date.now() + daysFromNow * 24 * 3_600_000))
      .map((p) => [p.type, p.value]),
  );
  return { iso: `${parts.year}-${parts.month}-${parts.day}`, german: `${parts.day}.${parts.month}.${parts.year}` };
}
