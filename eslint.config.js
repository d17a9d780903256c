import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The layers of the web app (apps/web/src/features/README.md): app → features → entities →
// lib, components, i18n, config. The zones below forbid every import that points the other way.
const web = 'apps/web/src';
const folders = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
// Each folder of a layer may import itself, but no sibling (also not through a relative path).
const siblingsApart = (layer, message) =>
  folders(`${web}/${layer}`).map((name) => ({
    target: `${web}/${layer}/${name}`,
    from: `${web}/${layer}`,
    except: [`./${name}`],
    message,
  }));

// The back office (src/back-office, entry admin-main.tsx, ADR 015) is a second app beside these
// layers, not one of them: it builds on the bottom layer only, and the resident side never sees it.
const backOffice = `${web}/back-office`;
const srcEntries = fs.readdirSync(web).filter((name) => !name.startsWith('.'));
const bottomLayer = ['lib', 'components', 'i18n', 'config.ts'];
const residentSide = srcEntries.filter((name) => name !== 'back-office' && name !== 'admin-main.tsx');
// What every back-office screen may use: its calls and store, its components and helpers, and
// its strings. Every other folder is a screen, except shell: the routes, layout and sign-in,
// which load every screen and so sit above them. test-utils.tsx is shared by the screens' tests.
const backOfficeShared = ['api', 'components', 'lib', 'strings.ts', 'store.ts', 'test-utils.tsx'];
const backOfficeScreens = folders(backOffice).filter((name) => name !== 'shell' && !backOfficeShared.includes(name));
const inBackOffice = (names) => names.map((name) => `./${name}`);

// The craftsman's page (src/craftsman, entry auftrag-main.tsx, ADR 020) is a third app, for a
// craftsman without an account: like the back office it builds on the bottom layer only, and
// neither the resident app nor the back office imports it, nor it them.
const craftsman = `${web}/craftsman`;
const craftsmanSide = ['craftsman', 'auftrag-main.tsx'];

const webZones = [
  {
    target: 'apps/web',
    from: ['apps/server', 'bench', 'e2e', 'scripts'],
    message: 'The web app never imports the server; only @hausportal/contract crosses the boundary.',
  },
  {
    target: [`${web}/lib`, `${web}/components`, `${web}/i18n`, `${web}/config.ts`],
    from: [`${web}/app`, `${web}/features`, `${web}/entities`],
    message: 'lib, components, i18n and config are the bottom layer; they import no app, feature or entity.',
  },
  {
    target: `${web}/entities`,
    from: [`${web}/app`, `${web}/features`],
    message: 'Entities are shared by features; they import no feature and not the app layer.',
  },
  ...siblingsApart('entities', 'An entity never imports another entity; features combine them.'),
  ...siblingsApart('features', 'Features never import each other; move what both need to src/entities or src/lib.'),
  {
    target: residentSide.map((name) => `${web}/${name}`),
    from: backOffice,
    message: 'The resident app never imports the back office; what both need lives in lib, components, i18n or config.',
  },
  {
    target: backOffice,
    // src/test stays open here for the back office's tests; its code is closed to it below.
    from: srcEntries
      .filter((name) => name !== 'back-office' && name !== 'test' && !bottomLayer.includes(name))
      .map((name) => `${web}/${name}`),
    message:
      'The back office imports only lib, components, i18n, config.ts and @hausportal/contract; move what it needs from the resident app down there.',
  },
  ...backOfficeScreens.map((name) => ({
    target: `${backOffice}/${name}`,
    from: backOffice,
    except: inBackOffice([name, ...backOfficeShared]),
    message: `A back-office screen imports only itself and the shared ${backOfficeShared.join(', ')}; move what two screens need there.`,
  })),
  {
    target: backOfficeShared.map((name) => `${backOffice}/${name}`),
    from: backOffice,
    except: inBackOffice(backOfficeShared),
    message: "The back office's shared parts import no screen and not the shell; the screens build on them.",
  },
  {
    target: srcEntries.filter((name) => !craftsmanSide.includes(name)).map((name) => `${web}/${name}`),
    from: craftsman,
    message: "Neither the resident app nor the back office imports the craftsman's page (src/craftsman, ADR 020).",
  },
  {
    target: craftsmanSide.map((name) => `${web}/${name}`),
    // src/test stays open here for the page's tests; its code is closed to it below.
    from: srcEntries
      .filter((name) => !craftsmanSide.includes(name) && name !== 'test' && !bottomLayer.includes(name))
      .map((name) => `${web}/${name}`),
    message:
      "The craftsman's page imports only lib, components, i18n, config.ts and @hausportal/contract; no code of the resident app or the back office.",
  },
];

// Tests may build a store the way the app does (makeStore); feature code may not reach the app.
const featureCodeZones = [
  ...webZones,
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'A feature never imports the app layer; the app hands down what a feature needs (see useSession).',
  },
];

// The back office's tests may use the shared test helpers; its code may not.
const backOfficeCodeZones = [
  ...webZones,
  {
    target: backOffice,
    from: [`${web}/test`, `${backOffice}/test-utils.tsx`],
    message: 'Test helpers are for tests; back-office code never imports src/test or test-utils.tsx.',
  },
];

// The craftsman page's tests may use the shared test helpers; its code may not.
const craftsmanCodeZones = [
  ...webZones,
  {
    target: craftsman,
    from: `${web}/test`,
    message: "Test helpers are for tests; the craftsman page's code never imports src/test.",
  },
];

// The server's use cases (ADR 019): SQL lives in repositories (and the outbox room, the database
// file store and db/ itself); repositories hold nothing but SQL. Actions, routes and jobs reach
// the database through repositories only.
const server = 'apps/server/src';
const sqlOutsideRepositories = [
  {
    selector:
      "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|with)$/][callee.object.name!='z']",
    message:
      'SQL lives in repositories (<module>.repository.ts) or the outbox room; call a repository function here (ADR 019).',
  },
  {
    selector: "TaggedTemplateExpression[tag.name='sql']",
    message:
      'SQL lives in repositories (<module>.repository.ts) or the outbox room; call a repository function here (ADR 019).',
  },
];
const repositoryImports = [
  {
    group: ['**/notifications/*', '**/audit/audit.js', '**/lib/errors.js', '**/*.actions.js'],
    message:
      'A repository holds SQL only: audit entries, notifications, HTTP errors and other use cases belong in <module>.actions.ts (ADR 019).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'e2e/screenshots/**',
      'bench/tmp/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
        navigator: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, ...reactHooks.configs.flat.recommended.plugins },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@hausportal/server', '@hausportal/server/*'], message: webZones[0].message }] },
      ],
    },
  },
  {
    files: [`${web}/features/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: featureCodeZones }],
    },
  },
  {
    files: [`${backOffice}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: backOfficeCodeZones }],
    },
  },
  {
    files: [`${craftsman}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: craftsmanCodeZones }],
    },
  },
  {
    // A value from the contract's schema modules brings all of zod into the page. Its labels
    // entry (@hausportal/contract/labels, ADR 036) has the constants and labels without zod.
    files: [`${craftsman}/**/*.{ts,tsx}`, `${web}/i18n/craftsman.ts`, `${web}/i18n/home-news.ts`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@hausportal/contract',
              allowTypeImports: true,
              message:
                "The craftsman's page and the home chunk take only types from the contract's main entry: a value brings its zod schemas along. Take the value from '@hausportal/contract/labels' (move it there if it is not).",
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${server}/**/*.repository.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: repositoryImports }] },
  },
  {
    files: [`${server}/**/*.ts`],
    ignores: [
      '**/*.repository.ts',
      '**/*.test.ts',
      `${server}/outbox/**`,
      `${server}/db/**`,
      `${server}/lib/storage/database.ts`,
    ],
    rules: { 'no-restricted-syntax': ['error', ...sqlOutsideRepositories] },
  },
  {
    // Modules import each other in one direction only (reports → moderation, not back): no cycles.
    files: [`${server}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A report decision is a moderation decision plus the reports: reports uses moderation, never back.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${server}/modules/moderation`,
              from: `${server}/modules/reports`,
              message: 'Moderation never imports reports; reports builds on moderation (ADR 019).',
            },
          ],
        },
      ],
    },
  },
);
