import type { Localized } from '../../de';
import type { sessionsDe } from '../../sessions';

export const sessions: Localized<typeof sessionsDe> = {
  sessions: {
    heading: 'Устройства, на которых выполнен вход',
    intro:
      'На этих устройствах выполнен вход в Вашу учётную запись. Если какое-то устройство Вам незнакомо, завершите на нём сеанс и измените пароль.',
    loading: 'Загрузка устройств…',
    loadFailed: 'Не удалось загрузить список устройств.',
    retry: 'Повторить попытку',
    thisDevice: 'Это устройство',
    unknownDevice: 'Неизвестное устройство',
    signedInAt: 'Вход выполнен: {{time}}',
    lastUsed: 'Последняя активность: {{time}}',
    signOut: 'Завершить сеанс',
    signOutNamed: 'Завершить сеанс на устройстве {{device}} (вход выполнен {{time}})',
    signingOut: 'Завершение сеанса…',
    signedOut: 'Сеанс на устройстве {{device}} завершён.',
    signOutOthers: 'Завершить сеансы на всех других устройствах',
    othersSignedOut: 'Сеансы на всех других устройствах завершены.',
    noOthers: 'На других устройствах вход не выполнен.',
    failed: 'Не получилось. Пожалуйста, повторите попытку.',
  },
};
