// The German texts of the second factor (ADR 025); they load with its screens.

export const t = {
  title: 'Zwei-Faktor-Anmeldung',
  intro:
    'Mit der Zwei-Faktor-Anmeldung brauchen Sie beim Anmelden neben dem Passwort einen 6-stelligen Code aus einer Authenticator-App auf Ihrem Telefon (z. B. FreeOTP, Aegis, Google oder Microsoft Authenticator).',
  requiredTitle: 'Zwei-Faktor-Anmeldung einrichten',
  requiredLead:
    'Ihre Hausverwaltung verlangt für alle Konten die Anmeldung mit zweitem Faktor. Bitte richten Sie sie jetzt ein; danach geht es weiter in den Verwaltungsbereich.',
  loadFailed: 'Der Stand der Zwei-Faktor-Anmeldung konnte nicht geladen werden.',
  retry: 'Erneut versuchen',
  enabledSince: (date: string) => `Eingerichtet seit ${date}.`,
  notEnabled: 'Die Zwei-Faktor-Anmeldung ist für Ihr Konto noch nicht eingerichtet.',
  requiredNote: 'Ihre Hausverwaltung verlangt sie für alle Konten.',
  codesLeft: (n: number) =>
    n === 1
      ? 'Sie haben noch 1 unbenutzten Wiederherstellungscode.'
      : `Sie haben noch ${n} unbenutzte Wiederherstellungscodes.`,
  start: 'Einrichtung starten',
  starting: 'Wird vorbereitet …',
  step1: '1. Scannen Sie den QR-Code mit Ihrer Authenticator-App.',
  qrAlt: 'QR-Code zum Einrichten der Zwei-Faktor-Anmeldung in Ihrer Authenticator-App',
  manual: 'Oder geben Sie diesen Schlüssel in der App von Hand ein (Zeitbasiert, 6 Ziffern, 30 Sekunden):',
  secretLabel: 'Schlüssel',
  step2: '2. Geben Sie den Code ein, den die App jetzt anzeigt.',
  code: 'Code aus der App',
  codeHint: '6 Ziffern, z. B. 123456',
  confirm: 'Bestätigen',
  confirming: 'Wird geprüft …',
  codesTitle: 'Ihre Wiederherstellungscodes',
  codesInstruction:
    'Bewahren Sie diese 10 Codes sicher auf, getrennt von Ihrem Telefon (ausgedruckt oder im Passwort-Manager). Wenn Sie Ihr Telefon verlieren, melden Sie sich mit einem dieser Codes statt mit dem Code aus der App an. Jeder Code funktioniert nur einmal. Die Codes werden nur jetzt angezeigt.',
  codesDone: 'Zwei-Faktor-Anmeldung ist eingerichtet.',
  download: 'Herunterladen',
  copy: 'Kopieren',
  copied: 'Die Codes wurden in die Zwischenablage kopiert.',
  copyFailed: 'Kopieren ist in diesem Browser nicht möglich. Bitte laden Sie die Codes herunter.',
  fileName: 'hausverwaltung-wiederherstellungscodes.txt',
  fileHeading: 'Wiederherstellungscodes für die Anmeldung in der Hausverwaltung. Jeder Code funktioniert einmal.\n\n',
  continue: 'Weiter zum Verwaltungsbereich',
  codesSaved: 'Ich habe die Codes gesichert',
  renewTitle: 'Neue Wiederherstellungscodes',
  renewText: 'Die bisherigen Codes verfallen. Bestätigen Sie mit einem aktuellen Code aus der App.',
  renew: 'Neue Codes erzeugen',
  disableTitle: 'Zwei-Faktor-Anmeldung abschalten',
  disableText: 'Zum Abschalten brauchen Sie Ihr Passwort und einen aktuellen Code (oder einen Wiederherstellungscode).',
  password: 'Passwort',
  disable: 'Abschalten',
  disabled: 'Die Zwei-Faktor-Anmeldung ist abgeschaltet.',
  adminTitle: 'Für alle Konten (Administration)',
  requireLabel: 'Zwei-Faktor-Anmeldung für alle Konten der Hausverwaltung verlangen',
  requireHint:
    'Wer sie noch nicht eingerichtet hat, kann sich weiter mit dem Passwort anmelden, sieht dann aber nur die Einrichtung.',
  requireSaved: (on: boolean) =>
    on
      ? 'Die Zwei-Faktor-Anmeldung ist jetzt für alle Konten Pflicht.'
      : 'Die Zwei-Faktor-Anmeldung ist nicht mehr Pflicht.',
  staffCaption: 'Personen der Hausverwaltung und ihre Zwei-Faktor-Anmeldung',
  name: 'Name',
  email: 'E-Mail',
  state: 'Stand',
  on: 'Eingerichtet',
  off: 'Nicht eingerichtet',
  reset: 'Zurücksetzen',
  resetFor: (name: string) => `Zwei-Faktor-Anmeldung von ${name} zurücksetzen`,
  resetConfirm: (name: string) =>
    `Zwei-Faktor-Anmeldung von ${name} zurücksetzen (z. B. bei verlorenem Telefon)? ${name} wird abgemeldet und richtet sie bei der nächsten Anmeldung neu ein.`,
  resetDone: (name: string) => `Die Zwei-Faktor-Anmeldung von ${name} wurde zurückgesetzt.`,
};
