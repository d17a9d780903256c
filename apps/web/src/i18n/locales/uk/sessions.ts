import type { Localized } from '../../de';
import type { sessionsDe } from '../../sessions';

export const sessions: Localized<typeof sessionsDe> = {
  sessions: {
    heading: 'Пристрої, на яких виконано вхід',
    intro:
      'На цих пристроях Ви ввійшли у свій обліковий запис. Якщо якийсь пристрій Вам незнайомий, вийдіть на ньому з облікового запису та змініть пароль.',
    loading: 'Пристрої завантажуються …',
    loadFailed: 'Не вдалося завантажити список пристроїв.',
    retry: 'Спробувати ще раз',
    thisDevice: 'Цей пристрій',
    unknownDevice: 'Невідомий пристрій',
    signedInAt: 'Вхід виконано {{time}}',
    lastUsed: 'Остання активність: {{time}}',
    signOut: 'Вийти',
    signOutNamed: 'Вийти на пристрої {{device}} (вхід виконано {{time}})',
    signingOut: 'Виконується вихід …',
    signedOut: 'На пристрої {{device}} виконано вихід.',
    signOutOthers: 'Вийти на всіх інших пристроях',
    othersSignedOut: 'На всіх інших пристроях виконано вихід.',
    noOthers: 'Ви не ввійшли на жодному іншому пристрої.',
    failed: 'Не вдалося. Будь ласка, спробуйте ще раз.',
  },
};
