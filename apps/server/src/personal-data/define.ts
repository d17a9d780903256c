import type { ProfileExport } from '@hausportal/contract';
import type { DB } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** The sections of the data export that modules fill (the rest is the export's own frame). */
export type ExportSections = Omit<ProfileExport, 'format' | 'app' | 'exported_at' | 'links_valid_until'>;

/** A signed, expiring link to a stored file, or null without one. */
export type FileLink = (key: string | null) => string | null;

/** What the erasure asks: posts, comments and likes kept under an anonymous author, or deleted. */
export interface Erasure {
  content: 'anonymize' | 'delete';
}

/**
 * One module's part of the DSGVO rights, beside its SQL: what it stores about a person, for the
 * data export (Art. 15/20), and how that goes on erasure (Art. 17). `tables` names the module's
 * tables whose rows name a person; a test reads both databases' schemas and fails for any such
 * table that no module names (test/personal-data.test.ts).
 */
export interface PersonalDataSource<K extends keyof ExportSections> {
  readonly module: string;
  readonly tables: readonly (keyof Database)[];
  /** The module's sections of the export, read with the user's own id only. */
  exportPersonalData(db: DB, userId: number, link: FileLink): Promise<Pick<ExportSections, K>>;
  /** Runs in the erasure's transaction; returns the stored files to remove after the commit. */
  erasePersonalData(trx: DB, userId: number, how: Erasure): Promise<readonly string[] | void>;
}

/** Declares a module's part (in its `<module>.personal-data.ts`). */
export const definePersonalData = <K extends keyof ExportSections>(source: PersonalDataSource<K>) => source;

/** The export sections a list of sources fills. */
export type SectionsOf<S> = S extends PersonalDataSource<infer K> ? K : never;
