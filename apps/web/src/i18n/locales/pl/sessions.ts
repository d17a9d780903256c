import type { Localized } from '../../de';
import type { sessionsDe } from '../../sessions';

export const sessions: Localized<typeof sessionsDe> = {
  sessions: {
    heading: 'Zalogowane urządzenia',
    intro:
      'Konto jest zalogowane na tych urządzeniach. Jeśli któreś z nich jest nieznane, proszę je wylogować i zmienić hasło.',
    loading: 'Wczytywanie urządzeń …',
    loadFailed: 'Nie udało się wczytać listy urządzeń.',
    retry: 'Spróbuj ponownie',
    thisDevice: 'To urządzenie',
    unknownDevice: 'Nieznane urządzenie',
    signedInAt: 'Zalogowano: {{time}}',
    lastUsed: 'Ostatnia aktywność: {{time}}',
    signOut: 'Wyloguj',
    signOutNamed: 'Wyloguj {{device}} (zalogowano: {{time}})',
    signingOut: 'Wylogowywanie …',
    signedOut: 'Wylogowano: {{device}}.',
    signOutOthers: 'Wyloguj wszystkie inne urządzenia',
    othersSignedOut: 'Wszystkie inne urządzenia zostały wylogowane.',
    noOthers: 'Konto nie jest zalogowane na żadnym innym urządzeniu.',
    failed: 'Nie udało się. Proszę spróbować ponownie.',
  },
};
