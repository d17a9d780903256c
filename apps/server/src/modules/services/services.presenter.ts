import type { AdminProvider, AdminService, Provider, Service } from '@hausportal/contract';
import { translationsOf } from '../../lib/translations.js';
import { parseTranslations, translated } from '@hausportal/contract';
import { SERVICE_ADMINISTRATION_ID, SERVICE_RECEPTION_ID } from '@hausportal/contract';
import { parseJsonArray } from '../../db/database.js';
import { renderMail } from '../../outbox/mail-layout.js';
import type { Mail } from '../../outbox/mail-outbox.js';
import type { Resident } from '../auth/policies.js';
import type { AdminProviderRow, AdminServiceRow, ProviderRow } from './services.repository.js';

/** A provider row as the API sends it. A hidden phone number is not sent at all, not merely flagged. */
export const toProvider = (p: ProviderRow): Provider => ({
  id: p.id,
  name: p.name,
  phone: p.hide_phone ? '' : p.phone,
  hide_phone: Boolean(p.hide_phone),
  text: p.text,
  contact: p.contact,
  hours: p.hours,
  email: p.email,
  website: p.website,
  allow_form_contact: Boolean(p.allow_form_contact),
  placeholder: p.placeholder,
});

/** The mail a provider receives for a resident's request, in German. */
export function providerRequestMail(
  appName: string,
  to: string,
  provider: ProviderRow,
  user: Resident,
  location: { name: string; title: string },
  text: string,
): Mail {
  return {
    to,
    subject: `Neue Anfrage über ${appName}: ${user.name}, Wohnung ${user.apartmentNumber}`,
    ...renderMail({
      appName,
      greeting: `Guten Tag ${provider.name},`,
      paragraphs: [
        `über ${appName} hat Sie folgende Anfrage erreicht:`,
        [
          `Name: ${user.name}`,
          `Wohnung: ${user.apartmentNumber}`,
          `Standort: ${location.title || location.name}`,
          ...(user.email ? [`E-Mail: ${user.email}`] : []),
        ].join('\n'),
        text,
      ],
      after: [`Diese Nachricht wurde automatisch von ${appName} versendet.`],
    }),
  };
}

/** Whether a service is one of the system services 1 and 3 that always exist (product §5.8). */
export const isSystemService = (s: { id: number; is_system: number }): boolean =>
  Boolean(s.is_system) || s.id === SERVICE_ADMINISTRATION_ID || s.id === SERVICE_RECEPTION_ID;

/** A service as the back office edits it. */
export const toAdminService = (s: AdminServiceRow): AdminService => ({
  id: s.id,
  title: s.title,
  icon: s.icon,
  contact_text: s.contact_text,
  location_id: s.location_id,
  sort_order: s.sort_order,
  is_system: isSystemService(s),
  translations: translationsOf(s.translations),
});

/** A service as residents read it: its title in `language` where translated. */
export const toService = (
  s: { id: number; title: string; icon: string; contact_text: string; translations: string },
  language = 'de',
): Service => ({
  id: s.id,
  title: translated(parseTranslations(s.translations), language, 'title', s.title),
  icon: s.icon,
  contact_text: s.contact_text,
});

/** A provider as the back office edits it: the phone number is sent even when residents do not see it. */
export const toAdminProvider = (p: AdminProviderRow): AdminProvider => ({
  ...toProvider(p),
  phone: p.phone,
  service_id: p.service_id,
  service_title: p.service_title,
  location_id: p.location_id,
  category_ids: parseJsonArray(p.trades).map((t) => t.category_id),
});
