// The strings of the profile's notification settings and the install hint. They load
// with the profile, not with /login (ADR 015).
import { labelsEn, NOTIFICATION_KIND_LABELS } from '@hausportal/contract/labels';
import { lazyStrings } from './index';

export const notificationsDe = {
  notifications: {
    heading: 'Benachrichtigungen',
    intro:
      'Wir benachrichtigen Sie über Neues in Ihrem Haus – auf diesem Gerät und per E-Mail, so wie Sie es hier einstellen.',
    enable: 'Benachrichtigungen aktivieren',
    enabling: 'Wird aktiviert …',
    disable: 'Auf diesem Gerät ausschalten',
    active: 'Benachrichtigungen sind auf diesem Gerät aktiv.',
    enabled: 'Benachrichtigungen sind jetzt aktiv.',
    disabled: 'Dieses Gerät erhält keine Benachrichtigungen mehr.',
    unsupported:
      'Dieser Browser kann keine Benachrichtigungen anzeigen. Auf dem iPhone geht das, wenn Sie die App zum Home-Bildschirm hinzufügen.',
    denied:
      'Benachrichtigungen sind für diese Seite im Browser blockiert. Sie können sie in den Einstellungen des Browsers wieder erlauben.',
    failed: 'Benachrichtigungen konnten nicht aktiviert werden. Bitte versuchen Sie es später erneut.',
    choose: 'Was möchten Sie erfahren?',
    kind: 'Art',
    push: 'Auf dem Gerät',
    email: 'E-Mail',
    pushFor: 'Auf dem Gerät: {{kind}}',
    emailFor: 'E-Mail: {{kind}}',
    // The server names the kinds the same way in its mails (the contract's labels).
    kinds: NOTIFICATION_KIND_LABELS,
    postsHint: 'Mehrere neue Beiträge kommen gebündelt, höchstens einmal pro Stunde.',
    quietHours: 'Nachtruhe von 22 bis 6 Uhr',
    quietHoursHint: 'Mitteilungen auf dem Gerät kommen dann erst am Morgen. Wichtige Aushänge kommen sofort.',
    digest: 'Tägliche Zusammenfassung per E-Mail',
    digestHint: 'Eine E-Mail am Morgen statt einzelner E-Mails.',
    loading: 'Einstellungen werden geladen …',
    loadFailed: 'Die Einstellungen konnten nicht geladen werden.',
    retry: 'Erneut versuchen',
    saved: 'Gespeichert',
    saveFailed: 'Die Einstellung konnte nicht gespeichert werden.',
    offline: 'Einstellungen lassen sich nur mit Internetverbindung ändern.',
  },
  install: {
    heading: 'Als App installieren',
    hint: 'Installieren Sie {{product}} auf Ihrem Gerät: Es startet dann wie eine App vom Home-Bildschirm und öffnet sich auch ohne Internet.',
    button: 'Installieren',
    ios: 'Tippen Sie in Safari auf „Teilen“ und dann auf „Zum Home-Bildschirm“.',
    done: '{{product}} ist installiert.',
  },
};

export const notificationsEn: typeof notificationsDe = {
  notifications: {
    heading: 'Notifications',
    intro: 'We let you know what is new in your building – on this device and by e-mail, as you set it here.',
    enable: 'Turn on notifications',
    enabling: 'Turning on …',
    disable: 'Turn off on this device',
    active: 'Notifications are on for this device.',
    enabled: 'Notifications are now on.',
    disabled: 'This device no longer receives notifications.',
    unsupported: 'This browser cannot show notifications. On an iPhone it can once you add the app to the home screen.',
    denied: 'Notifications are blocked for this site in the browser. You can allow them again in its settings.',
    failed: 'Notifications could not be turned on. Please try again later.',
    choose: 'What would you like to hear about?',
    kind: 'Kind',
    push: 'Push',
    email: 'E-mail',
    pushFor: 'Push: {{kind}}',
    emailFor: 'E-mail: {{kind}}',
    // The staff queue in words of its own; the server's mails say 'New in moderation'.
    kinds: { ...labelsEn.notificationKinds, queue: 'New items to moderate' },
    postsHint: 'Several new posts come bundled, at most once an hour.',
    quietHours: 'Quiet hours from 10 pm to 6 am',
    quietHoursHint: 'Push messages then wait until the morning. Important notices come at once.',
    digest: 'Daily summary by e-mail',
    digestHint: 'One e-mail in the morning instead of single e-mails.',
    loading: 'Loading settings …',
    loadFailed: 'The settings could not be loaded.',
    retry: 'Try again',
    saved: 'Saved',
    saveFailed: 'The setting could not be saved.',
    offline: 'Settings can only be changed with an internet connection.',
  },
  install: {
    heading: 'Install as an app',
    hint: 'Install {{product}} on your device: it then starts like an app from the home screen and opens without internet too.',
    button: 'Install',
    ios: 'In Safari, tap “Share” and then “Add to Home Screen”.',
    done: '{{product}} is installed.',
  },
};

export const registerNotificationStrings = lazyStrings({ de: notificationsDe, en: notificationsEn });
