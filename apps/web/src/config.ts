import {
  BADGE_WINDOW_MS,
  IDLE_TIMEOUT_MS,
  MAX_FILE_BYTES,
  MAX_PDFS_PER_POST,
  MAX_PHOTOS_PER_POST,
  PAGE_SIZE,
  PREVIEW_LENGTH,
  WIDE_BREAKPOINT_PX,
} from '@hausportal/contract';

/**
 * The product name (the server's APP_NAME), which the server writes into index.html; the
 * default where there is no server (component tests, a page opened from disk).
 */
function productName(): string {
  const meta = typeof document === 'undefined' ? null : document.querySelector('meta[name="application-name"]');
  const name = meta?.getAttribute('content')?.trim();
  return name && !name.includes('%APP_NAME%') ? name : 'Hausportal';
}

/**
 * Every timing and limit of product §5.6 that the client uses, in one place, so that the
 * behaviour can be checked against the spec at a glance and tests can shorten delays.
 */
export const config = {
  /** The API lives on the same origin; the server also serves this app. */
  apiHost: import.meta.env.VITE_API_URL ?? '',
  productName: productName(),
  delays: {
    /** product §5.6: the pause before a call is sent (login, logout, forms). */
    beforeCall: 500,
    /** product §5.6: likes wait only 100 ms. */
    beforeLike: 100,
    /** product §4.5: GET blackboard_opened is followed by a 500 ms delay. */
    afterBlackboardOpened: 500,
    /** product §2.16: redirect after a password change. */
    redirectAfterPasswordChange: 1000,
    /** product §2.15: reload after logout. */
    reloadAfterLogout: 1000,
  },
  persistTimeoutMs: 5000,
  idle: { timeoutMs: IDLE_TIMEOUT_MS, debounceMs: 250 },
  toast: { autoCloseMs: 5000, providerRequestMs: 3000 },
  maxFileBytes: MAX_FILE_BYTES,
  maxPhotosPerPost: MAX_PHOTOS_PER_POST,
  maxPdfsPerPost: MAX_PDFS_PER_POST,
  pageSize: PAGE_SIZE,
  previewLength: PREVIEW_LENGTH,
  badgeWindowMs: BADGE_WINDOW_MS,
  badgeCap: 99,
  wideBreakpointPx: WIDE_BREAKPOINT_PX,
  timeZone: 'Europe/Berlin',
} as const;

/** Keys the app keeps in localStorage next to the persisted slices. */
export const storageKeys = {
  token: 'token',
  /** A push subscription (JSON) waiting to be registered after login. */
  pushToken: 'pushToken',
  /** The id the server gave that registration, needed to delete it on logout. */
  pushTokenId: 'pushTokenId',
} as const;
