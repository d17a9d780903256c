import {
  LEGAL_PAGE_TITLES,
  type AccessibilityFeedback,
  type AdminLegalPage,
  type LegalPage,
  type LegalPageName,
} from '@hausportal/contract';
import { renderMail } from '../../outbox/mail-layout.js';
import type { Mail } from '../../outbox/mail-outbox.js';

/** A page as the actions hand it on: stored, or the template of this install. */
export interface LegalPageView {
  page: LegalPageName;
  markdown: string;
  html: string;
  template: boolean;
  updatedAt: string | null;
  updatedByName: string | null;
}

/** A page as everyone reads it. */
export const toLegalPage = (v: LegalPageView): LegalPage => ({
  page: v.page,
  html: v.html,
  template: v.template,
  updated_at: v.updatedAt,
});

/** A page as the back office edits it; `editable` for administrators only. */
export const toAdminLegalPage = (v: LegalPageView, editable: boolean): AdminLegalPage => ({
  ...toLegalPage(v),
  title: LEGAL_PAGE_TITLES[v.page],
  markdown: v.markdown,
  updated_by_name: v.updatedByName,
  editable,
});

/** What the audit log keeps of a page: its text before and after a save. */
export const auditView = (v: LegalPageView) => ({ page: v.page, template: v.template, markdown: v.markdown });

/**
 * The mail a staff member gets for feedback on the accessibility statement, in German (the back
 * office's language). `location` is the sender's location when they were signed in.
 */
export function feedbackMail(
  app: { appName: string; publicUrl: string },
  to: string,
  v: AccessibilityFeedback,
  location: string | null,
): Mail {
  const origin = location ? `von einem angemeldeten Konto am Standort „${location}“` : 'ohne Anmeldung';
  return {
    to,
    subject: `Rückmeldung zur Barrierefreiheit von ${app.appName}${location ? ` (${location})` : ''}`,
    ...renderMail({
      appName: app.appName,
      greeting: 'Guten Tag,',
      paragraphs: [
        `über das Formular der ${LEGAL_PAGE_TITLES.barrierefreiheit} ist eine Rückmeldung eingegangen, gesendet ${origin}:`,
        v.message,
        [`Wo: ${v.where || '–'}`, `Name: ${v.name || '–'}`, `E-Mail: ${v.email || '–'}`].join('\n'),
        v.email
          ? `Für eine Antwort schreiben Sie bitte an ${v.email}.`
          : 'Die Person hat keine E-Mail-Adresse angegeben und erwartet keine Antwort per E-Mail.',
        'Die Erklärung verspricht eine Antwort innerhalb der Frist, die sie nennt.',
      ],
      action: { label: 'Erklärung zur Barrierefreiheit ansehen', url: `${app.publicUrl}/barrierefreiheit` },
      after: [`Diese Nachricht wurde automatisch von ${app.appName} versendet.`],
    }),
  };
}
