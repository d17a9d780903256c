import escapeHtml from 'escape-html';
import type { Language } from '@hausportal/contract';
import { translator } from '../i18n/index.js';

/** The parts every mail of the product is made of; renderMail() writes them as text and HTML. */
export interface MailContent {
  appName: string;
  /** The recipient's language: the layout's own lines, `lang` and `dir`; German by default. */
  language?: Language;
  /** 'Guten Tag Anna Beispiel,' */
  greeting: string;
  paragraphs: string[];
  /** A list of linked entries (the digest), after the paragraphs. */
  items?: { title: string; body: string; url: string }[];
  /** The button (HTML) or the link line (text) that leads to the right route. */
  action?: { label: string; url: string };
  /** Lines after the action, e.g. how long a link works. */
  after?: string[];
  /** Switches this kind of mail off; shown in the footer and sent as List-Unsubscribe. */
  unsubscribe?: { url: string; label: string };
}

/**
 * Renders a mail in the recipient's language as plain text and as simple, inline-styled HTML (mail
 * clients ignore style sheets). Every value is escaped: names and post texts come from residents.
 */
export function renderMail(c: MailContent): { text: string; html: string } {
  const { t, language, dir } = translator(c.language);
  const team = t('mail.team', { app: c.appName });
  // Mail clients ignore logical CSS properties: the list's indent goes on the side the text starts.
  const start = dir === 'rtl' ? 'right' : 'left';
  const text = [
    c.greeting,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.items ?? []).flatMap((i) => [`• ${i.title}`, `  ${i.body}`, `  ${i.url}`, '']),
    ...(c.action ? [`${c.action.label}:`, c.action.url, ''] : []),
    ...(c.after ?? []).flatMap((p) => [p, '']),
    team,
    ...(c.unsubscribe ? ['', '--', `${c.unsubscribe.label}: ${c.unsubscribe.url}`] : []),
  ].join('\n');

  // dir="auto": a paragraph quoted as written (a German notice in an Arabic mail) keeps its own direction.
  const p = (s: string) => `<p dir="auto" style="margin:0 0 16px">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(c.appName)}</title></head>
<body dir="${dir}" style="margin:0;background:#f2f5f6;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1b2a30">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<div style="font-weight:bold;font-size:18px;color:#1d5c6e;margin-bottom:16px">${escapeHtml(c.appName)}</div>
<div style="background:#ffffff;border-radius:8px;padding:24px">
${p(c.greeting)}
${c.paragraphs.map(p).join('\n')}
${
  c.items?.length
    ? `<ul style="margin:0 0 16px;padding-${start}:20px">${c.items
        .map(
          (i) =>
            `<li dir="auto" style="margin:0 0 12px"><a href="${escapeHtml(i.url)}" style="color:#1d5c6e;font-weight:bold">${escapeHtml(i.title)}</a><br>${escapeHtml(i.body)}</li>`,
        )
        .join('')}</ul>`
    : ''
}
${
  c.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(c.action.url)}" style="display:inline-block;background:#1d5c6e;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${escapeHtml(c.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#4a5a60">${escapeHtml(t('mail.buttonFallback'))} <a href="${escapeHtml(c.action.url)}" dir="ltr" style="color:#1d5c6e;word-break:break-all">${escapeHtml(c.action.url)}</a></p>`
    : ''
}
${(c.after ?? []).map(p).join('\n')}
${p(team)}
</div>
${
  c.unsubscribe
    ? `<p style="font-size:13px;color:#4a5a60;margin:16px 0 0"><a href="${escapeHtml(c.unsubscribe.url)}" style="color:#4a5a60">${escapeHtml(c.unsubscribe.label)}</a></p>`
    : ''
}
</div>
</body></html>`;
  return { text, html };
}
