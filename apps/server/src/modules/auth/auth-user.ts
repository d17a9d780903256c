import type { ApiScope, Role } from '@hausportal/contract';

/** The signed-in caller, as the auth hook puts it on the request. */
export interface AuthUser {
  id: number;
  tokenId: number;
  role: Role;
  locationId: number | null;
  apartmentNumber: string;
  name: string;
  email: string;
  profilePicture: string | null;
  emergencyServicesDeactivated: boolean;
  language: string;
}

/** The caller behind an API key, as request.apiKey holds it. */
export interface KeyCaller {
  keyId: number;
  keyName: string;
  scopes: ApiScope[];
  locationIds: number[];
  ip: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of an /api/integration request (integration/api-keys.guard.ts); null elsewhere. */
    apiKey: KeyCaller | null;
    user: AuthUser | null;
    /** request.user came from the token cache; the route checks the token itself (ADR 018). */
    tokenUnchecked: boolean;
  }
}
