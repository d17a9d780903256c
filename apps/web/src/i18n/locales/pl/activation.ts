import type { Localized } from '../../de';
import type { activationDe } from '../../activation';

export const activation: Localized<typeof activationDe> = {
  activation: {
    title: 'Aktywacja konta',
    intro:
      'Proszę wpisać kod aktywacyjny z otrzymanego listu i ustawić hasło. Co najmniej 8 znaków; nie może to być numer mieszkania, adres e-mail, imię i nazwisko, nazwa budynku ani popularne hasło. Łatwe do zapamiętania i bezpieczne: trzy słowa połączone myślnikami.',
    code: 'Kod aktywacyjny',
    codeHint: 'Znajduje się w liście, np. ABCD-EFGH-JKLM. Wielkość liter i myślniki nie mają znaczenia.',
    codeFormat: 'Kod aktywacyjny składa się z 12 liter i cyfr, np. ABCD-EFGH-JKLM.',
    password: 'Nowe hasło',
    confirm: 'Powtórz nowe hasło',
    tooShort: 'Hasło musi mieć co najmniej 8 znaków.',
    mismatch: 'Hasła nie są takie same.',
    email: 'E-mail (opcjonalnie)',
    emailHint: 'Dzięki temu zapomniane hasło można ustawić na nowo samodzielnie.',
    submit: 'Aktywuj konto',
    done: 'Konto jest gotowe. Teraz można się zalogować numerem mieszkania {{apartment}} i nowym hasłem.',
    toLogin: 'Do logowania',
  },
  welcome: {
    title: 'Witamy',
    greeting: 'Dzień dobry {{name}},',
    home: 'Państwa dostęp do {{location}}, mieszkanie {{apartment}}.',
    intro: 'Proszę teraz ustawić hasło. Zaraz potem będą Państwo zalogowani.',
    rules:
      'Hasło: co najmniej 8 znaków; nie numer mieszkania, adres e-mail, imię i nazwisko ani nazwa budynku i nie popularne hasło. Łatwe do zapamiętania i bezpieczne: trzy słowa połączone myślnikami.',
    checking: 'Sprawdzamy zaproszenie\u00a0…',
    invalid:
      'Ten link z zaproszeniem wygasł lub został już użyty. Jeśli hasło jest już ustawione, proszę zalogować się numerem mieszkania; w przeciwnym razie proszę poprosić o nowy link przez „Nie pamiętasz hasła?”.',
    submit: 'Ustaw hasło i zaloguj się',
    notSignedIn: 'Hasło zostało zapisane. Proszę zalogować się numerem mieszkania.',
    signedIn: 'Są Państwo zalogowani.',
    nextIntro: 'To ułatwia codzienność. Można to ustawić także później w profilu.',
    toHome: 'Dalej do strony głównej',
  },
};
