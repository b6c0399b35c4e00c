import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** Every folder of src/features is a feature, so a new one is kept apart from the others without editing this file. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED = ['./src/api', './src/lib', './src/components', './src/config'];

/**
 * The service's floors, top to bottom (docs/architecture.md draws them): a module imports only what stands on its own
 * floor or below. The entry points start the app; the app wires the routes; routes speak HTTP and call the services
 * (background work and the demo; export; processing; feedback and callbacks), which call the domain (domain,
 * identity) and authentication, which stand on the type modules, vision, and the infrastructure (the HTTP toolkit,
 * the job queue, configuration, media and database storage, plain errors).
 */
const SERVER_FLOORS = [
  ['main.ts', 'worker-main.ts', 'testing'],
  ['app.ts'],
  ['routes'],
  ['background', 'demo'],
  ['export', 'import'],
  ['processing'],
  ['feedback', 'callbacks', 'quality', 'model-server'],
  ['domain', 'identity'],
  ['auth'],
  ['types'],
  ['vision'],
  ['http', 'jobs', 'process.ts', 'openapi.ts', 'service-context.ts'],
  ['config.ts'],
  ['media', 'db', 'net'],
  ['errors.ts', 'data-dir.ts', 'logger.ts', 'xml.ts'],
].map((floor) => floor.map((name) => `./server/${name}`));

/** Code below the routes says what went wrong with a DomainError (server/errors.ts); only the edge speaks HTTP. */
const HTTP_FREE = ['background', 'demo', 'export', 'import', 'processing', 'feedback', 'callbacks', 'quality', 'model-server', 'domain', 'identity', 'types', 'vision', 'jobs', 'media', 'db', 'net'];

function serverLayerZones() {
  const floors = SERVER_FLOORS.map((floor, index) => ({
    target: floor,
    from: SERVER_FLOORS.slice(0, index).flat(),
    message: 'A module of the service imports only from its own floor or below (the floors are listed in eslint.config.js).',
  })).filter((zone) => zone.from.length > 0);
  const httpFree = {
    target: HTTP_FREE.map((name) => `./server/${name}`),
    from: './server/http',
    message: 'Below the routes, code throws a DomainError (server/errors.ts) and never imports HTTP.',
  };
  return [...floors, httpFree];
}

/**
 * The labelling feature is a host, a contract and one folder per type (src/features/labelling/README.md): the host
 * gets each type's module from the registry it is handed and never imports a type; a type folder imports only the
 * type kit, the contract and geometry, never another type; the contract stands on geometry alone. The routes (the
 * composition root) and the test support may import anything.
 */
const LABELLING = './src/features/labelling';
const LABELLING_HOST = readdirSync(new URL(LABELLING, import.meta.url), { withFileTypes: true })
  .filter((entry) => !['routes', 'testing', 'types', 'type-kit', 'contract', 'geometry'].includes(entry.name))
  .map((entry) => `${LABELLING}/${entry.name}`);
const LABELLING_TYPE_FOLDERS = readdirSync(new URL(`${LABELLING}/types`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const labellingZones = [
  { target: LABELLING_HOST, from: `${LABELLING}/types`, message: 'The labelling host never imports a type: it asks the registry it is handed (useTypeRegistry).' },
  ...[
    ['geometry', []],
    ['contract', ['geometry']],
    ['type-kit', ['geometry', 'contract']],
    ['types', ['geometry', 'contract', 'type-kit']],
  ].map(([floor, below]) => ({
    target: `${LABELLING}/${floor}`,
    from: LABELLING,
    except: [floor, ...below].map((name) => `./${name}`),
    message: `labelling/${floor} imports only from ${[floor, ...below].join(', ') || 'itself'}: geometry → contract → type-kit → types → host.`,
  })),
  ...LABELLING_TYPE_FOLDERS.map((type) => ({
    target: `${LABELLING}/types/${type}`,
    from: `${LABELLING}/types`,
    except: [`./${type}`],
    message: 'A type folder never imports another type: what two types share goes to the type kit.',
  })),
];

/**
 * The dashboard is split by subject (src/features/dashboard/README.md has this table): what each subject may import
 * of the others, one way only, `shared` at the bottom. Every folder needs its line, so a new subject says where it
 * stands; the tests may import anything.
 */
const DASHBOARD = './src/features/dashboard';
const DASHBOARD_IMPORTS = {
  tenant: ['shared'],
  applications: ['models', 'exports-imports', 'settings/types', 'shared'],
  settings: ['settings/types', 'models', 'shared'],
  'settings/types': ['settings/update-application.ts', 'settings/number-text.ts', 'shared'],
  media: ['models', 'shared'],
  detections: ['models', 'shared'],
  models: ['shared'],
  'exports-imports': ['shared'],
  upload: ['shared'],
  gateways: [],
  admin: ['shared'],
  shared: [],
  testing: [],
};
const unplacedSubjects = readdirSync(new URL(DASHBOARD, import.meta.url), { withFileTypes: true }).filter(
  (entry) => entry.isDirectory() && !(entry.name in DASHBOARD_IMPORTS),
);
if (unplacedSubjects.length > 0) {
  throw new Error(`eslint.config.js: give ${unplacedSubjects.map((e) => e.name).join(', ')} a line in DASHBOARD_IMPORTS (what it may import).`);
}
const dashboardZones = Object.entries(DASHBOARD_IMPORTS).map(([subject, imports]) => ({
  target: `${DASHBOARD}/${subject}`,
  from: DASHBOARD,
  except: [subject, ...imports].map((name) => `./${name}`),
  message: `dashboard/${subject} imports only from ${imports.join(', ') || 'itself'} of the dashboard (src/features/dashboard/README.md).`,
}));

/**
 * The contract's floors, lowest first. Unlike import-x/no-cycle, which skips `import type`, these zones hold for type
 * imports too, so no circle (of values or types) can form across them.
 */
const CONTRACT_LAYERS = [
  ['./src/api/primitives.ts', './src/api/limits.ts', './src/api/json-depth.ts', './src/api/zod.ts', './src/api/field-errors.ts', './src/api/url-rule.ts', './src/api/errors.ts', './src/api/base-url.ts'],
  ['./src/api/application-types'],
  ['./src/api/types.ts'],
  ['./src/api/schemas'],
  ['./src/api/endpoints', './src/api/client.ts'],
];

/**
 * Dependencies flow one way: shared (src/api, lib, components, config) → features → app. A feature never imports
 * another feature; the service imports only the shared contract in src/api. Tests and test support may reach
 * across (src/testing renders the whole app).
 */
const boundaries = [
  ...SHARED.map((target) => ({ target, from: ['./src/features', './src/app'], message: 'Shared code cannot depend on features or the app.' })),
  { target: './src/api', from: ['./src/lib', './src/components', './src/config'], message: 'src/api is the contract the service shares: it depends on nothing else in src.' },
  { target: './src/features', from: './src/app', message: 'Features cannot depend on the app layer.' },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature cannot import another feature: move what both need to the shared layer.',
  })),
  { target: './server', from: './src', except: ['./api'], message: 'The service imports only the shared contract in src/api.' },
  ...serverLayerZones(),
  ...labellingZones,
  ...dashboardZones,
  ...CONTRACT_LAYERS.slice(0, -1).map((target, index) => ({
    target,
    from: CONTRACT_LAYERS.slice(index + 1).flat(),
    message: 'src/api runs one way: primitives → application-types → types.ts → schemas → endpoints and client.',
  })),
];

// --- The service's HTTP edge (issue 30) -------------------------------------------------------------------------
/**
 * Only the HTTP edge speaks Fastify: the routes, the HTTP toolkit, authentication, the app and the entry points (and
 * tests with their support). Everything below takes plain dependencies (server/service-context.ts), never the app.
 */
const FASTIFY_IMPORTERS = ['server/routes/**', 'server/http/**', 'server/auth/**', 'server/app.ts', 'server/main.ts', 'server/openapi.ts', 'server/testing/**', 'server/**/*.test.ts'];

const fastifyAtTheEdge = {
  files: ['server/**/*.ts'],
  ignores: FASTIFY_IMPORTERS,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ group: ['fastify', '@fastify/*'], message: 'Only the HTTP edge imports Fastify (eslint.config.js, FASTIFY_IMPORTERS): take plain dependencies instead.' }] },
    ],
  },
};
// --- end of the service's HTTP edge -----------------------------------------------------------------------------

export default tseslint.config(
  { ignores: ['dist', 'build', 'node_modules', '.data', 'test-results', 'playwright-report', 'public/config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{ts,mjs}', 'e2e/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'src/testing/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  fastifyAtTheEdge,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
