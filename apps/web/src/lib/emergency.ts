import type { Location, Phone, Profile, Provider, Service } from '@hausportal/contract';
import { normalizeNumber } from './text';

/** True when `number` is the location's emergency number, spaces ignored (SPEC §5). */
export function isDirectNumber(number: string, location: Pick<Location, 'direct_number'> | null): boolean {
  if (!location?.direct_number) return false;
  const direct = normalizeNumber(location.direct_number);
  return direct !== '' && normalizeNumber(number) === direct;
}

function deactivated(user: Pick<Profile, 'emergency_services_deactivated'> | null): boolean {
  return Boolean(user?.emergency_services_deactivated);
}

/** Phones without the emergency number for users whose emergency services are deactivated. */
export function visiblePhones(
  phones: readonly Phone[],
  user: Pick<Profile, 'emergency_services_deactivated'> | null,
  location: Pick<Location, 'direct_number'> | null,
): Phone[] {
  if (!deactivated(user)) return [...phones];
  return phones.filter((p) => !isDirectNumber(p.number, location));
}

/** Services without those whose providers answer on the emergency number, for the same users. */
export function visibleServices(
  services: readonly Service[],
  providersByService: Readonly<Record<number, readonly Provider[] | undefined>>,
  user: Pick<Profile, 'emergency_services_deactivated'> | null,
  location: Pick<Location, 'direct_number'> | null,
): Service[] {
  if (!deactivated(user)) return [...services];
  return services.filter((s) => !(providersByService[s.id] ?? []).some((p) => isDirectNumber(p.phone, location)));
}

/** Providers of a service, minus those reachable on the emergency number, for the same users. */
export function visibleProviders(
  providers: readonly Provider[],
  user: Pick<Profile, 'emergency_services_deactivated'> | null,
  location: Pick<Location, 'direct_number'> | null,
): Provider[] {
  if (!deactivated(user)) return [...providers];
  return providers.filter((p) => !isDirectNumber(p.phone, location));
}
