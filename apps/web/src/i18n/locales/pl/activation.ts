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
};
