import type { ProfileExport } from '@hausportal/contract';
import type { DB } from '../db/database.js';
import type { UrlSigner } from '../lib/signing.js';
import type { Erasure, ExportSections, PersonalDataSource } from './define.js';

type AnySource = PersonalDataSource<keyof ExportSections>;

/**
 * The modules' parts of the DSGVO rights, in the order the erasure runs them: a part that reads
 * the account (its apartment, its e-mail address) comes before the part that blanks the account.
 */
export class PersonalData {
  private readonly sources: readonly AnySource[];

  constructor(sources: readonly PersonalDataSource<never>[]) {
    this.sources = sources as unknown as readonly AnySource[];
    const seen = new Map<string, string>();
    for (const s of this.sources)
      for (const table of s.tables) {
        // One owner per table: two would export its rows twice or erase them in two ways.
        if (seen.has(table))
          throw new Error(`Die Tabelle „${table}“ ist zweimal registriert (${seen.get(table)}, ${s.module}).`);
        seen.set(table, s.module);
      }
  }

  /** Which module answers for each registered table. */
  tables(): ReadonlyMap<string, string> {
    return new Map(this.sources.flatMap((s) => s.tables.map((t) => [t, s.module] as const)));
  }

  /**
   * Everything stored about one user (Art. 15/20), every module's sections in one object. Files are
   * signed links that work for one to two hours (`links_valid_until`).
   */
  async export(db: DB, userId: number, signer: UrlSigner, appName: string, now = Date.now()): Promise<ProfileExport> {
    const link = (key: string | null) => (key ? signer.url(key, now) : null);
    const sections = await Promise.all(this.sources.map((s) => s.exportPersonalData(db, userId, link)));
    return {
      format: 'hausportal-datenexport-1',
      app: appName,
      exported_at: new Date(now).toISOString(),
      links_valid_until: new Date(signer.expiry(now)).toISOString(),
      ...(Object.assign({}, ...sections) as ExportSections),
    };
  }

  /** Erases a user's personal data in `trx` (Art. 17); returns the stored files to remove after the commit. */
  async erase(trx: DB, userId: number, how: Erasure): Promise<string[]> {
    const files: string[] = [];
    for (const s of this.sources) files.push(...((await s.erasePersonalData(trx, userId, how)) ?? []));
    return files;
  }
}
