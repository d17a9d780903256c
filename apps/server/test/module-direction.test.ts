import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { directionViolations } from './module-direction.js';

const SRC = path.resolve(import.meta.dirname, '../src');

describe('the direction of the server’s imports, room by room', () => {
  it('keeps to it: no modules that import each other, platform below features, composition on top', () => {
    expect(directionViolations(SRC)).toEqual([]);
  });

  describe('on planted trees', () => {
    let dir: string;
    const plant = (files: Record<string, string>) => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-rooms-'));
      for (const [name, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        fs.writeFileSync(path.join(dir, name), text);
      }
      return directionViolations(dir);
    };
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('fails on two modules that import each other through different files', () => {
      expect(
        plant({
          'modules/parcels/parcels.actions.ts':
            "import { x } from '../tickets/tickets.repository.js';\nexport const y = x;",
          'modules/tickets/tickets.presenter.ts':
            "import { y } from '../parcels/parcels.actions.js';\nexport const z = y;",
          'modules/tickets/tickets.repository.ts': 'export const x = 1;',
        }),
      ).toEqual(['Diese Module importieren einander im Kreis: modules/parcels ↔ modules/tickets']);
    });

    it('fails on a circle of three modules', () => {
      expect(
        plant({
          'modules/a/a.ts': "import '../b/b.js';",
          'modules/b/b.ts': "import '../c/c.js';",
          'modules/c/c.ts': "import type { T } from '../a/a.js';\nexport type U = T;",
        }),
      ).toEqual(['Diese Module importieren einander im Kreis: modules/a ↔ modules/b ↔ modules/c']);
    });

    it('fails when auth imports a feature, a route file another module’s routes, or a module the composition', () => {
      expect(
        plant({
          'modules/auth/auth.actions.ts':
            "import { open } from '../residents/residents.access.js';\nexport const o = open;",
          'modules/residents/residents.access.ts': 'export const open = 1;',
          'modules/home/home.routes.ts': "import { t } from '../tickets/tickets.routes.js';\nexport const h = t;",
          'modules/tickets/tickets.routes.ts': "import { ctx } from '../../context.js';\nexport const t = ctx;",
          'context.ts': 'export const ctx = 1;',
        }),
      ).toEqual([
        'modules/auth/auth.actions.ts (PLATFORM) importiert modules/residents/residents.access.ts aus modules/residents',
        'modules/home/home.routes.ts importiert die Routen eines anderen Moduls: modules/tickets/tickets.routes.ts',
        'modules/tickets/tickets.routes.ts importiert context.ts mehr als Typen (die Zusammensetzung importiert die Module, nicht umgekehrt)',
      ]);
    });

    it('fails when a lower room reaches up into a module', () => {
      expect(
        plant({
          'lib/audit.ts': "import { insert } from '../modules/audit/audit.repository.js';\nexport const a = insert;",
          'modules/audit/audit.repository.ts': 'export const insert = 1;',
        }),
      ).toEqual(['lib/audit.ts (BASE) importiert modules/audit/audit.repository.ts aus modules/audit']);
    });
  });
});
