// The strings of /aktivieren (a resident sets their password with the code of an activation
// letter) and of /willkommen (the invitation link, ADR 044). They load with that page, not with /login (ADR 015).
import { lazyStrings } from './index';

export const activationDe = {
  activation: {
    title: 'Konto aktivieren',
    intro:
      'Geben Sie den Aktivierungscode aus Ihrem Brief ein und legen Sie Ihr Passwort fest. Mindestens 8 Zeichen; nicht Ihre Wohnungsnummer, Ihre E-Mail-Adresse, Ihr Name oder der des Hauses und kein häufiges Passwort. Gut zu merken und sicher: drei Wörter mit Bindestrichen.',
    code: 'Aktivierungscode',
    codeHint: 'Steht in Ihrem Brief, z. B. ABCD-EFGH-JKLM. Groß- und Kleinschreibung und Striche sind egal.',
    codeFormat: 'Der Aktivierungscode besteht aus 12 Buchstaben und Ziffern, z. B. ABCD-EFGH-JKLM.',
    password: 'Neues Passwort',
    confirm: 'Neues Passwort bestätigen',
    tooShort: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
    mismatch: 'Die Passwörter stimmen nicht überein.',
    email: 'E-Mail (optional)',
    emailHint: 'Damit können Sie ein vergessenes Passwort selbst neu setzen.',
    submit: 'Konto aktivieren',
    done: 'Ihr Konto ist eingerichtet. Melden Sie sich jetzt mit Ihrer Wohnungsnummer {{apartment}} und Ihrem neuen Passwort an.',
    toLogin: 'Zur Anmeldung',
  },
  welcome: {
    title: 'Willkommen',
    greeting: 'Guten Tag {{name}},',
    home: 'Ihr Zugang für {{location}}, Wohnung {{apartment}}.',
    intro: 'Legen Sie jetzt Ihr Passwort fest. Danach sind Sie gleich angemeldet.',
    rules:
      'Ihr Passwort: mindestens 8 Zeichen; nicht Ihre Wohnungsnummer, Ihre E-Mail-Adresse, Ihr Name oder der des Hauses und kein häufiges Passwort. Gut zu merken und sicher: drei Wörter mit Bindestrichen.',
    checking: 'Ihre Einladung wird geprüft\u00a0…',
    invalid:
      'Dieser Einladungslink ist abgelaufen oder wurde schon verwendet. Haben Sie Ihr Passwort schon festgelegt, melden Sie sich mit Ihrer Wohnungsnummer an; sonst fordern Sie über „Passwort vergessen?“ einen neuen Link an.',
    submit: 'Passwort festlegen und anmelden',
    notSignedIn: 'Ihr Passwort ist gespeichert. Bitte melden Sie sich mit Ihrer Wohnungsnummer an.',
    signedIn: 'Sie sind angemeldet.',
    nextIntro: 'Das macht den Alltag leichter. Sie können es auch später in Ihrem Profil einstellen.',
    toHome: 'Weiter zur Startseite',
  },
};

export const activationEn: typeof activationDe = {
  activation: {
    title: 'Activate your account',
    intro:
      "Enter the activation code from your letter and choose your password. At least 8 characters; not your apartment number, your e-mail address, your name or the building's, and not a common password. Easy to remember and safe: three words joined by hyphens.",
    code: 'Activation code',
    codeHint: 'It is in your letter, e.g. ABCD-EFGH-JKLM. Upper or lower case and dashes do not matter.',
    codeFormat: 'The activation code has 12 letters and digits, e.g. ABCD-EFGH-JKLM.',
    password: 'New password',
    confirm: 'Confirm new password',
    tooShort: 'The password must be at least 8 characters long.',
    mismatch: 'The passwords do not match.',
    email: 'E-mail (optional)',
    emailHint: 'Lets you reset a forgotten password yourself.',
    submit: 'Activate account',
    done: 'Your account is ready. Sign in now with your apartment number {{apartment}} and your new password.',
    toLogin: 'Go to sign-in',
  },
  welcome: {
    title: 'Welcome',
    greeting: 'Hello {{name}},',
    home: 'Your access for {{location}}, apartment {{apartment}}.',
    intro: 'Choose your password now. You are then signed in straight away.',
    rules:
      "Your password: at least 8 characters; not your apartment number, your e-mail address, your name or the building's, and not a common password. Easy to remember and safe: three words joined by hyphens.",
    checking: 'Checking your invitation\u00a0…',
    invalid:
      'This invitation link has expired or was used already. If you have set your password, sign in with your apartment number; otherwise ask for a new link with “Forgot password?”.',
    submit: 'Set password and sign in',
    notSignedIn: 'Your password is saved. Please sign in with your apartment number.',
    signedIn: 'You are signed in.',
    nextIntro: 'This makes everyday life easier. You can also set it later in your profile.',
    toHome: 'Go to the home screen',
  },
};

export const registerActivationStrings = lazyStrings({ de: activationDe, en: activationEn });
