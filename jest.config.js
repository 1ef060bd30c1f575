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
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: {
    '^@model-gateway/core$': '<rootDir>/core/src/index.ts',
    '^@model-gateway/([a-z0-9-]+)$': '<rootDir>/plugins/$1/src/index.ts',
  },
  testMatch: ['<rootDir>/{core,plugins,test}/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: ['reflect-metadata'],
  testTimeout: 20000,
};
