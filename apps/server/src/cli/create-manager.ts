// Creates (or resets) a staff account for an install where SEED_DEMO=false:
//   npm run create-manager -- --email verwaltung@firma.de --name "Hausverwaltung" [--locations 1,2]
//   npm run create-manager -- --email it@firma.de --name "Administration" --admin
//   npm run create-manager -- --email chefin@firma.de --new-location "Haus am See"
// --new-location creates a location first (a fresh install has none, and the back office edits
// locations but does not create them) and gives it to the manager.
// A manager runs the given locations (default: every existing one), an admin sees every location.
// The password is read from HAUSPORTAL_PASSWORD or generated and printed once.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { isStaff } from '@hausportal/contract';
import { loadConfig, ConfigError } from '../config/config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { hashPassword, passwordProblem } from '../lib/passwords.js';
import { recordChange } from '../modules/audit/audit.js';
import {
  allLocationIds,
  assignManagerLocations,
  createUser,
  findUserByLogin,
  updateStaffAccount,
} from '../modules/auth/auth.repository.js';
import { createLocation } from '../modules/location/location.repository.js';

const args = z.object({
  email: z.email({ error: '--email muss eine E-Mail-Adresse sein' }),
  name: z.string().trim().min(1, { error: '--name darf nicht leer sein' }).max(150),
  locations: z
    .string()
    .regex(/^\d+(,\d+)*$/, { error: '--locations erwartet Standort-IDs wie 1,2' })
    .transform((s) => s.split(',').map(Number))
    .optional(),
  admin: z.boolean().default(false),
  'new-location': z.string().trim().min(1, { error: '--new-location braucht einen Namen' }).max(150).optional(),
});

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string', default: 'Hausverwaltung' },
      locations: { type: 'string' },
      admin: { type: 'boolean', default: false },
      'new-location': { type: 'string' },
    },
  });
  const parsed = args.safeParse(values);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => i.message).join('\n'));
  const { email, name, locations, admin, 'new-location': newLocation } = parsed.data;
  const role = admin ? 'admin' : 'manager';
  const password = process.env.HAUSPORTAL_PASSWORD || randomBytes(12).toString('base64url');
  if (password.length < 8) throw new ConfigError('HAUSPORTAL_PASSWORD muss mindestens 8 Zeichen lang sein');
  const config = loadConfig();
  const problem = await passwordProblem(password, {
    login: email,
    email,
    name,
    context: [config.appName, newLocation],
  });
  if (problem) throw new ConfigError(`HAUSPORTAL_PASSWORD: ${problem}`);

  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    const login = email.toLowerCase();
    const passwordHash = await hashPassword(password);
    const existing = await findUserByLogin(handle.db, login);
    if (existing && !isStaff(existing.role))
      throw new ConfigError(`${email} gehört bereits einem Konto, das keine Verwaltung ist`);
    if (existing) await updateStaffAccount(handle.db, existing.id, { passwordHash, name, role });
    const id =
      existing?.id ??
      (await createUser(handle.db, { role, locationId: null, apartmentNumber: '', name, email: login, passwordHash }));
    const created = newLocation ? await createLocation(handle.db, { title: newLocation }) : null;
    if (created) console.log(`Standort angelegt: ${newLocation} (Nr. ${created})`);
    const allLocations = await allLocationIds(handle.db);
    // An admin sees every location without assignments, including ones added later.
    const assign = admin
      ? []
      : [...new Set([...(locations ?? (created ? [] : allLocations)), ...(created ? [created] : [])])];
    const unknown = assign.filter((l) => !allLocations.includes(l));
    if (unknown.length) throw new ConfigError(`Unbekannte Standorte: ${unknown.join(', ')}`);
    await assignManagerLocations(handle.db, id, assign);
    await recordChange(handle.db, {
      actor: { id },
      action: existing ? 'manager_reset' : 'manager_created',
      entity: { type: 'user', id },
      details: { via: 'cli', role },
    });
    console.log(`${existing ? 'Zugang aktualisiert' : 'Verwaltungszugang angelegt'}: ${login} (${role})`);
    console.log(`Anmeldung im Verwaltungsbereich: ${config.publicUrl}/admin`);
    if (!process.env.HAUSPORTAL_PASSWORD) console.log(`Passwort (nur jetzt sichtbar): ${password}`);
    console.log(
      admin
        ? 'Standorte: alle'
        : `Standorte: ${assign.length ? assign.join(', ') : '(noch keine – später im Backoffice zuordnen)'}`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
