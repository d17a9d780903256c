// The frame of the pages German law asks for: Impressum, Datenschutz and the statement
// on accessibility with its feedback form. The pages' own text is German, as the operator wrote it;
// these strings load with the pages, not with /login.
import { lazyStrings } from './index';

export const legalDe = {
  legal: {
    titles: {
      impressum: 'Impressum',
      datenschutz: 'Datenschutzerklärung',
      barrierefreiheit: 'Erklärung zur Barrierefreiheit',
    },
    template: 'Vorlage – bitte vor der Inbetriebnahme anpassen',
    templateHint:
      'Diese Seite zeigt noch den mitgelieferten Mustertext. Die Hausverwaltung ersetzt ihn durch ihre eigenen Angaben.',
    germanOnly: 'Dieser Text liegt nur auf Deutsch vor.',
    updated: 'Zuletzt geändert am {{date}}',
    loading: 'Die Seite wird geladen …',
    feedback: {
      heading: 'Barriere melden',
      intro:
        'Können Sie etwas in der App nicht oder nur schwer nutzen? Schreiben Sie uns – auch ohne Anmeldung. Ihre Nachricht geht an die Hausverwaltung.',
      message: 'Ihre Nachricht',
      messageHint: 'Was wollten Sie tun, und was hat nicht funktioniert?',
      where: 'Wo ist es passiert? (optional)',
      whereHint: 'Zum Beispiel „Pinnwand“ oder „Schaden melden“.',
      name: 'Ihr Name (optional)',
      email: 'Ihre E-Mail-Adresse (optional)',
      emailHint: 'Nur nötig, wenn Sie eine Antwort möchten.',
      emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      privacy:
        'Ihre Angaben gehen per E-Mail an die Hausverwaltung und werden nur für die Bearbeitung Ihrer Rückmeldung verwendet.',
      send: 'Rückmeldung senden',
      sending: 'Wird gesendet …',
      sent: 'Vielen Dank! Ihre Rückmeldung ist bei der Hausverwaltung eingegangen.',
      again: 'Weitere Rückmeldung schreiben',
    },
  },
};

export const legalEn: typeof legalDe = {
  legal: {
    titles: {
      impressum: 'Legal notice',
      datenschutz: 'Privacy policy',
      barrierefreiheit: 'Accessibility statement',
    },
    template: 'Template – please adapt before going live',
    templateHint:
      'This page still shows the sample text that came with the app. The management replaces it with its own details.',
    germanOnly: 'This text is only available in German.',
    updated: 'Last changed on {{date}}',
    loading: 'Loading the page …',
    feedback: {
      heading: 'Report a barrier',
      intro:
        'Is there something in the app you cannot use, or only with difficulty? Write to us – you do not need to sign in. Your message goes to the management.',
      message: 'Your message',
      messageHint: 'What did you want to do, and what did not work?',
      where: 'Where did it happen? (optional)',
      whereHint: 'For example “Blackboard” or “Report damage”.',
      name: 'Your name (optional)',
      email: 'Your e-mail address (optional)',
      emailHint: 'Only needed if you would like a reply.',
      emailInvalid: 'Please enter a valid e-mail address.',
      privacy: 'Your details are sent by e-mail to the management and are only used to deal with your feedback.',
      send: 'Send feedback',
      sending: 'Sending …',
      sent: 'Thank you! The management has received your feedback.',
      again: 'Write more feedback',
    },
  },
};

export const registerLegalStrings = lazyStrings({ de: legalDe, en: legalEn });
