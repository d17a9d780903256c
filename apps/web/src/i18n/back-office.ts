// The residents' side of the back office (issue 9): reporting, notices, 'Meine Anfragen'. These
// strings load with the screens that use them, not with /login (ADR 012); `registerBackOfficeStrings`
// adds them to i18next when such a screen's chunk is first imported.
import { i18next } from './index';

export const backOfficeDe = {
  report: 'Melden',
  reportTitle: 'Inhalt melden',
  reportReason: 'Grund',
  reason_rechtswidrig: 'Rechtswidriger Inhalt',
  reason_beleidigend: 'Beleidigung oder Belästigung',
  reason_spam: 'Werbung oder Spam',
  reason_persoenlich: 'Persönliche Daten',
  reason_sonstiges: 'Sonstiges',
  reportText: 'Weitere Angaben (optional)',
  reportSend: 'Meldung senden',
  reportSending: 'Meldung wird gesendet …',
  editAgain: 'Bearbeiten und erneut einreichen',
  editTitle: 'Beitrag bearbeiten',
  resubmit: 'Erneut einreichen',
  resubmitted: 'Ihr Beitrag wurde erneut eingereicht und wird geprüft.',
  removed: 'Entfernt',
  notice: 'Aushang',
  important: 'Wichtig',
  validUntil: 'gilt bis {{date}}',
  myRequests: 'Meine Anfragen',
  myRequestsEmpty: 'Sie haben noch keine Anfragen gesendet.',
  myRequestsLink: 'Meine Anfragen ansehen',
  requestStatus_new: 'Neu',
  requestStatus_in_progress: 'In Bearbeitung',
  requestStatus_done: 'Erledigt',
  managerNote: 'Notiz der Hausverwaltung: {{note}}',
  myReports: 'Meine Meldungen',
  reportStatus_open: 'In Prüfung',
  reportStatus_removed: 'Entfernt',
  reportStatus_kept: 'Belassen',
  decisionReason: 'Entscheidung der Hausverwaltung: {{reason}}',
};

export const backOfficeEn: typeof backOfficeDe = {
  report: 'Report',
  reportTitle: 'Report content',
  reportReason: 'Reason',
  reason_rechtswidrig: 'Illegal content',
  reason_beleidigend: 'Insult or harassment',
  reason_spam: 'Advertising or spam',
  reason_persoenlich: 'Personal data',
  reason_sonstiges: 'Other',
  reportText: 'Further details (optional)',
  reportSend: 'Send report',
  reportSending: 'Sending report …',
  editAgain: 'Edit and submit again',
  editTitle: 'Edit post',
  resubmit: 'Submit again',
  resubmitted: 'Your post was submitted again and will be reviewed.',
  removed: 'Removed',
  notice: 'Notice',
  important: 'Important',
  validUntil: 'valid until {{date}}',
  myRequests: 'My requests',
  myRequestsEmpty: 'You have not sent any requests yet.',
  myRequestsLink: 'View my requests',
  requestStatus_new: 'New',
  requestStatus_in_progress: 'In progress',
  requestStatus_done: 'Done',
  managerNote: 'Note from the management: {{note}}',
  myReports: 'My reports',
  reportStatus_open: 'Under review',
  reportStatus_removed: 'Removed',
  reportStatus_kept: 'Kept',
  decisionReason: 'Decision of the management: {{reason}}',
};

let registered = false;

/** Adds the strings to both languages once; a later load of the English catalogue keeps them. */
export function registerBackOfficeStrings(): void {
  if (registered) return;
  registered = true;
  i18next.addResourceBundle('de', 'translation', { backOffice: backOfficeDe }, true, false);
  i18next.addResourceBundle('en', 'translation', { backOffice: backOfficeEn }, true, false);
}
