/** Where page views go, as the server writes it into the page (ANALYTICS_*; README 'Analytics'). */
export interface AnalyticsSettings {
  provider: 'plausible' | 'matomo';
  /** The operator's own instance, e.g. https://statistik.example.org. */
  url: string;
  /** Plausible: the site's domain there; Matomo: the idsite number. */
  site: string;
}

/** The name of the meta tag (apps/server/src/lib/web-shell.ts). */
export const ANALYTICS_META = 'hausportal-analytics';

/**
 * The settings from `<meta name="hausportal-analytics">`, or null: the server leaves the tag out
 * while analytics is off (the default), and then nothing is loaded or sent.
 */
export function readAnalyticsSettings(doc: Document | undefined = globalThis.document): AnalyticsSettings | null {
  const content = doc?.querySelector(`meta[name="${ANALYTICS_META}"]`)?.getAttribute('content');
  if (!content) return null;
  try {
    const s = JSON.parse(content) as Partial<AnalyticsSettings>;
    if ((s.provider !== 'plausible' && s.provider !== 'matomo') || !s.url || !s.site) return null;
    if (!/^https?:\/\//.test(s.url)) return null;
    return { provider: s.provider, url: s.url.replace(/\/+$/, ''), site: s.site };
  } catch {
    return null;
  }
}

/**
 * The visitor's opt-out: a browser that sends 'Do Not Track' or Global Privacy Control is never
 * counted (the privacy page says so, docs/legal/datenschutz-vorlage.md).
 */
export function optedOut(nav: Navigator | undefined = globalThis.navigator): boolean {
  if (!nav) return true;
  const gpc = (nav as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl;
  return nav.doNotTrack === '1' || gpc === true;
}
