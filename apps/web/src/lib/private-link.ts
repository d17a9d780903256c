/**
 * Links to private files (a resident's apartment documents) work for 5 minutes and only for the
 * session they were made for (ADR 026). A list can be older than that (the page stayed open, the
 * state was restored from storage), so a tap on a stale link fetches a fresh one first.
 */

/** A link this close to its expiry is renewed before it is opened. */
export const RENEW_MARGIN_MS = 30_000;

/** True when a signed link (`…?exp=<ms>…`) has expired or is about to; false for other links. */
export function linkIsStale(url: string, now = Date.now(), marginMs = RENEW_MARGIN_MS): boolean {
  const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
  return Number.isFinite(exp) && exp > 0 && exp - now < marginMs;
}

/**
 * The click handler of an `<a target="_blank">` to a private file. A fresh link opens as usual. A
 * stale one is replaced: the tab opens during the click (later, a popup blocker would stop it),
 * `fresh()` asks the API for a new link, and the tab goes there; if that fails, the tab closes
 * and `onError` tells the user.
 */
export function openPrivateFile(
  event: { preventDefault(): void },
  url: string,
  fresh: () => Promise<string>,
  onError: () => void = () => undefined,
): void {
  if (!linkIsStale(url)) return;
  event.preventDefault();
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  fresh().then(
    (next) => {
      if (tab) tab.location.href = next;
      else window.location.assign(next);
    },
    () => {
      tab?.close();
      onError();
    },
  );
}
