import type { Location, Phone, Profile, Provider, Service } from '@hausportal/contract';
import { normalizeNumber } from './text';

type EmergencyUser = Pick<Profile, 'emergency_services_deactivated'> | null;
type EmergencyLocation = Pick<Location, 'direct_number'> | null;

/** True when `number` is the location's emergency number, spaces ignored (product §5.8). */
export function isDirectNumber(number: string, location: EmergencyLocation): boolean {
  if (!location?.direct_number) return false;
  const direct = normalizeNumber(location.direct_number);
  return direct !== '' && normalizeNumber(number) === direct;
}

/** All of `items` for most users; for those whose emergency services are deactivated, only those `keep` accepts. */
function forUser<T>(items: readonly T[], user: EmergencyUser, keep: (item: T) => boolean): T[] {
  return user?.emergency_services_deactivated ? items.filter(keep) : [...items];
}

/** Phones without the emergency number for users whose emergency services are deactivated. */
export function visiblePhones(phones: readonly Phone[], user: EmergencyUser, location: EmergencyLocation): Phone[] {
  return forUser(phones, user, (p) => !isDirectNumber(p.number, location));
}

/** Services without those whose providers answer on the emergency number, for the same users. */
export function visibleServices(
  services: readonly Service[],
  providersByService: Readonly<Record<number, readonly Provider[] | undefined>>,
  user: EmergencyUser,
  location: EmergencyLocation,
): Service[] {
  return forUser(
    services,
    user,
    (s) => !(providersByService[s.id] ?? []).some((p) => isDirectNumber(p.phone, location)),
  );
}

/** Providers of a service, minus those reachable on the emergency number, for the same users. */
export function visibleProviders(
  providers: readonly Provider[],
  user: EmergencyUser,
  location: EmergencyLocation,
): Provider[] {
  return forUser(providers, user, (p) => !isDirectNumber(p.phone, location));
}
