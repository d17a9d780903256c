import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LegalPageName } from '@hausportal/contract';
import type { AnalyticsConfig } from '../../config/config.js';

/**
 * The templates a new install shows until an administrator saves a page: docs/legal/<page>-vorlage.md
 * (the Docker image copies that folder). A template names the product and the install's address
 * as %APP_NAME% and %PUBLIC_URL%; the privacy notice's section on analytics stands between
 * `<!-- ANALYTICS -->` markers and is kept only when ANALYTICS_* is set. Everything else the
 * operator fills in stands in {curly braces}.
 */
export const TEMPLATE_DIR = templateDir(path.dirname(fileURLToPath(import.meta.url)));

/**
 * docs/legal of the project: the nearest above this module, which lies in apps/server/src/… under
 * tsx and is one bundle in apps/server/dist/ when compiled (`npm start`, the image).
 */
function templateDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'docs', 'legal');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return path.resolve(from, '../../../../../docs/legal');
  }
}

/** What a template is filled with from the configuration. */
export interface TemplateSettings {
  appName: string;
  publicUrl: string;
  analytics: AnalyticsConfig | null;
}

/** Shown when a template file is missing (an image built without docs/legal). */
const MISSING = 'Für diese Seite liegt noch kein Text vor.';

const cache = new Map<LegalPageName, string>();

/** The raw template of a page, as the file has it (read once per process). */
export function rawTemplate(page: LegalPageName): string {
  let text = cache.get(page);
  if (text === undefined) {
    const file = path.join(TEMPLATE_DIR, `${page}-vorlage.md`);
    text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : MISSING;
    cache.set(page, text);
  }
  return text;
}

const ANALYTICS_SECTION = /<!-- ANALYTICS -->\n?([\s\S]*?)<!-- \/ANALYTICS -->\n?/g;
const PROVIDER_NAMES = { plausible: 'Plausible Analytics', matomo: 'Matomo' } as const;

/** A template's text for this install: product, address and the analytics section filled in or left out. */
export function fillTemplate(text: string, s: TemplateSettings): string {
  const filled = text
    .replace(ANALYTICS_SECTION, (_all, section: string) =>
      s.analytics
        ? section
            .replaceAll('{Plausible Analytics | Matomo}', PROVIDER_NAMES[s.analytics.provider])
            .replaceAll('{ANALYTICS_URL}', s.analytics.url)
        : '',
    )
    .replaceAll('%APP_NAME%', s.appName)
    .replaceAll('%PUBLIC_URL%', s.publicUrl);
  return filled.replace(/\n{3,}/g, '\n\n').trim();
}

/** The template of a page for this install. */
export const templateMarkdown = (page: LegalPageName, s: TemplateSettings): string =>
  fillTemplate(rawTemplate(page), s);
