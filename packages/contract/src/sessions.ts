import { z } from 'zod';

// Signed-in devices (ADR 024): the sessions of the caller, resident or staff.

/**
 * How long a session lasts at most, from sign-in, however often it is used. Staff: one working
 * day (10 h), so a back-office session left open on an office PC ends by the next morning and a
 * stolen token is worth hours, not weeks; staff sign in daily anyway (with a second factor, ADR 025).
 * Residents: 90 days, since the app is opened rarely (a notice, a defect) and signing in again on
 * a phone every few weeks would push people to weak passwords; the device list lets them end one.
 */
export const STAFF_SESSION_TTL_MS = 10 * 60 * 60 * 1000;
export const RESIDENT_SESSION_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** One signed-in device of the caller (`GET /api/profile/sessions/`). */
export const session = z.object({
  id: z.number(),
  /** 'Chrome · Android', 'Safari · iPhone', 'Linux', or '' when not known (the app names it). */
  device: z.string(),
  created_at: z.string(),
  /** Updated at most once an hour. */
  last_used_at: z.string(),
  expires_at: z.string(),
  /** The device that asks. */
  current: z.boolean(),
});
export type Session = z.infer<typeof session>;

/** `POST /api/profile/sessions/sign-out-others/`: how many devices were signed out. */
export const sessionsSignedOut = z.object({ detail: z.string(), count: z.number() });
export type SessionsSignedOut = z.infer<typeof sessionsSignedOut>;

export const SESSION_SIGNED_OUT = 'Das Gerät wurde abgemeldet.';
export const OTHER_SESSIONS_SIGNED_OUT = 'Alle anderen Geräte wurden abgemeldet.';
export const SESSION_EXPIRED = 'Die Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.';
