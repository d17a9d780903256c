import type { Localized } from '../../de';
import type { legalDe } from '../../legal';
import type { legalLinksDe } from '../../legal-links';

/** Polish frame of the legal pages; the pages themselves stay as the operator wrote them, in German. */
export const legal: Localized<typeof legalLinksDe & typeof legalDe> = {
  legalLinks: {
    label: 'Informacje prawne',
    impressum: 'Nota prawna',
    datenschutz: 'Ochrona danych',
    barrierefreiheit: 'Dostępność',
  },
  legal: {
    titles: {
      impressum: 'Nota prawna (Impressum)',
      datenschutz: 'Polityka prywatności',
      barrierefreiheit: 'Deklaracja dostępności',
    },
    template: 'Szablon – proszę dostosować przed uruchomieniem',
    templateHint:
      'Ta strona nadal zawiera przykładowy tekst dostarczony z aplikacją. Administracja budynku zastąpi go własnymi danymi.',
    germanOnly: 'Ten tekst jest dostępny tylko w języku niemieckim.',
    updated: 'Ostatnia zmiana: {{date}}',
    loading: 'Wczytywanie strony …',
    feedback: {
      heading: 'Zgłoś barierę',
      intro:
        'Czy coś w aplikacji jest niemożliwe lub trudne w użyciu? Prosimy o wiadomość – także bez logowania. Wiadomość trafi do administracji budynku.',
      message: 'Wiadomość',
      messageHint: 'Co chcieli Państwo zrobić i co nie zadziałało?',
      where: 'Gdzie to się stało? (opcjonalnie)',
      whereHint: 'Na przykład „Tablica ogłoszeń” lub „Zgłoś usterkę”.',
      name: 'Imię i nazwisko (opcjonalnie)',
      email: 'Adres e-mail (opcjonalnie)',
      emailHint: 'Potrzebny tylko wtedy, gdy oczekują Państwo odpowiedzi.',
      emailInvalid: 'Proszę podać prawidłowy adres e-mail.',
      privacy:
        'Podane dane zostaną przesłane e-mailem do administracji budynku i wykorzystane wyłącznie do rozpatrzenia zgłoszenia.',
      send: 'Wyślij uwagi',
      sending: 'Wysyłanie …',
      sent: 'Dziękujemy! Zgłoszenie dotarło do administracji budynku.',
      again: 'Napisz kolejne uwagi',
    },
  },
};
