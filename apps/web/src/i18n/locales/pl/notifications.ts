import { labelsPl } from '@hausportal/contract/labels';
import type { Localized } from '../../de';
import type { notificationsDe } from '../../notifications';

export const notifications: Localized<typeof notificationsDe> = {
  notifications: {
    heading: 'Powiadomienia',
    intro: 'Informujemy o nowościach w budynku – na tym urządzeniu i e-mailem, zgodnie z ustawieniami wybranymi tutaj.',
    enable: 'Włącz powiadomienia',
    enabling: 'Włączanie …',
    disable: 'Wyłącz na tym urządzeniu',
    active: 'Powiadomienia są włączone na tym urządzeniu.',
    enabled: 'Powiadomienia są teraz włączone.',
    disabled: 'To urządzenie nie będzie już otrzymywać powiadomień.',
    unsupported:
      'Ta przeglądarka nie może wyświetlać powiadomień. Na iPhonie jest to możliwe po dodaniu aplikacji do ekranu początkowego.',
    denied:
      'Powiadomienia dla tej strony są zablokowane w przeglądarce. Można je ponownie włączyć w ustawieniach przeglądarki.',
    failed: 'Nie udało się włączyć powiadomień. Proszę spróbować ponownie później.',
    choose: 'O czym powiadamiać?',
    kind: 'Rodzaj',
    push: 'Na urządzeniu',
    email: 'E-mail',
    pushFor: 'Na urządzeniu: {{kind}}',
    emailFor: 'E-mail: {{kind}}',
    kinds: labelsPl.notificationKinds,
    postsHint: 'Kilka nowych wpisów przychodzi w jednym powiadomieniu, najwyżej raz na godzinę.',
    quietHours: 'Cisza nocna od 22:00 do 6:00',
    quietHoursHint: 'Powiadomienia na urządzeniu przyjdą wtedy dopiero rano. Ważne ogłoszenia przychodzą od razu.',
    digest: 'Codzienne podsumowanie e-mailem',
    digestHint: 'Jeden e-mail rano zamiast wielu pojedynczych wiadomości.',
    loading: 'Wczytywanie ustawień …',
    loadFailed: 'Nie udało się wczytać ustawień.',
    retry: 'Spróbuj ponownie',
    saved: 'Zapisano',
    saveFailed: 'Nie udało się zapisać ustawienia.',
    offline: 'Ustawienia można zmieniać tylko przy połączeniu z internetem.',
  },
  install: {
    heading: 'Zainstaluj jako aplikację',
    hint: 'Można zainstalować {{product}} na tym urządzeniu: będzie się wtedy uruchamiać jak aplikacja z ekranu głównego i otworzy się także bez internetu.',
    button: 'Zainstaluj',
    ios: 'W Safari proszę stuknąć „Udostępnij”, a następnie „Do ekranu początkowego”.',
    done: 'Aplikacja {{product}} została zainstalowana.',
  },
};
