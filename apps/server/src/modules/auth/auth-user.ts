import type { Role } from '@hausportal/contract';

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

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** request.user came from the token cache; the route checks the token itself (ADR 018). */
    tokenUnchecked: boolean;
  }
}
