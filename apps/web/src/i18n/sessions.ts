// The strings of 'Angemeldete Geräte' (ADR 024), in the resident profile and the back
// office's 'Mein Konto'. They load with those screens, not with /login (ADR 015).
import { lazyStrings } from './index';

export const sessionsDe = {
  sessions: {
    heading: 'Angemeldete Geräte',
    intro: 'Hier sind Sie angemeldet. Kennen Sie ein Gerät nicht, melden Sie es ab und ändern Sie Ihr Passwort.',
    loading: 'Geräte werden geladen …',
    loadFailed: 'Die Geräte konnten nicht geladen werden.',
    retry: 'Erneut versuchen',
    thisDevice: 'Dieses Gerät',
    unknownDevice: 'Unbekanntes Gerät',
    signedInAt: 'Angemeldet am {{time}}',
    lastUsed: 'Zuletzt aktiv {{time}}',
    signOut: 'Abmelden',
    signOutNamed: '{{device}} abmelden (angemeldet am {{time}})',
    signingOut: 'Wird abgemeldet …',
    signedOut: '{{device}} wurde abgemeldet.',
    signOutOthers: 'Alle anderen Geräte abmelden',
    othersSignedOut: 'Alle anderen Geräte wurden abgemeldet.',
    noOthers: 'Sie sind auf keinem anderen Gerät angemeldet.',
    failed: 'Das hat nicht geklappt. Bitte versuchen Sie es erneut.',
  },
};

export const sessionsEn: typeof sessionsDe = {
  sessions: {
    heading: 'Signed-in devices',
    intro: 'You are signed in here. If you do not recognise a device, sign it out and change your password.',
    loading: 'Loading devices …',
    loadFailed: 'The devices could not be loaded.',
    retry: 'Try again',
    thisDevice: 'This device',
    unknownDevice: 'Unknown device',
    signedInAt: 'Signed in {{time}}',
    lastUsed: 'Last active {{time}}',
    signOut: 'Sign out',
    signOutNamed: 'Sign out {{device}} (signed in {{time}})',
    signingOut: 'Signing out …',
    signedOut: '{{device}} was signed out.',
    signOutOthers: 'Sign out all other devices',
    othersSignedOut: 'All other devices were signed out.',
    noOthers: 'You are not signed in on any other device.',
    failed: 'That did not work. Please try again.',
  },
};

export const registerSessionStrings = lazyStrings({ de: sessionsDe, en: sessionsEn });
