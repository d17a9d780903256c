import { simpleParser } from 'mailparser';

export interface ParsedMail {
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part, '' for plain-text mail. */
  html: string;
  messageId: string;
  /** A header by lower-case name as it arrived, e.g. header('list-unsubscribe-post'). */
  header(name: string): string;
  /** The URL of the List-Unsubscribe header, '' without one. */
  unsubscribe: string;
  /** The files sent with the mail. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** Decodes a raw message received by the test SMTP server (multipart, quoted-printable, encoded words). */
export async function parseMail(raw: string): Promise<ParsedMail> {
  const m = await simpleParser(raw);
  const list = m.headers.get('list') as { unsubscribe?: { url?: string; id?: string } } | undefined;
  return {
    subject: m.subject ?? '',
    text: m.text ?? '',
    html: typeof m.html === 'string' ? m.html : '',
    messageId: m.messageId ?? '',
    header: (name) => {
      const line = m.headerLines.find((h) => h.key === name);
      return line ? line.line.slice(line.line.indexOf(':') + 1).trim() : '';
    },
    // mailparser names the URL of `List-Unsubscribe: <url> (comment)` its id.
    unsubscribe: list?.unsubscribe?.url ?? list?.unsubscribe?.id ?? '',
    attachments: m.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.contentType,
      content: a.content,
    })),
  };
}
