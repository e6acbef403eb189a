// One Jest config, four projects: unit (no engines), integration (real engines), e2e (whole stack + browser),
// faults (engines and services failing under a private stack).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // uuid 14, jose 6, temporal-polyfill and otplib's base32 and hash packages ship only as ES modules; let SWC turn them
  // into CommonJS for Jest (Node itself loads them with require()).
  transformIgnorePatterns: ['/node_modules/(?!(uuid|jose|temporal-polyfill|temporal-utils|@scure/base|@noble/hashes)/)'],
};
module.exports = {
  // Browser and stack tests need more than Jest's 5 s; the per-project testTimeout is not honoured for them.
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs,tools}/**/*.integration-spec.ts'],
      globalSetup: '<rootDir>/tools/test/engines.global-setup.mjs',
      testTimeout: 60000,
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/apps/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/tools/test/stack.global-setup.mjs',
      globalTeardown: '<rootDir>/tools/test/stack.global-teardown.mjs',
      setupFilesAfterEnv: ['<rootDir>/apps/web-e2e/support/retries.ts'],
      testTimeout: 120000,
    },
    {
      // Read-model checks over the whole test database (one rewrites what differs): a fresh stack of their own, one file
      // at a time after the rest, since a spec writing beside them would show as a difference (tools/test/run-all.mjs).
      ...common,
      displayName: 'quiet',
      testMatch: ['<rootDir>/apps/**/*.quiet-spec.ts'],
      // Three instances of every service, API only (quiet-stack.global-setup.mjs).
      globalSetup: '<rootDir>/tools/test/quiet-stack.global-setup.mjs',
      globalTeardown: '<rootDir>/tools/test/stack.global-teardown.mjs',
      testTimeout: 240000,
    },
    {
      // Stops, kills and resets engines and services: private engines, and run on their own after the rest (tools/test/run-all.mjs).
      ...common,
      displayName: 'faults',
      testMatch: ['<rootDir>/apps/faults-e2e/**/*.faults-spec.ts'],
      globalSetup: '<rootDir>/apps/faults-e2e/support/global-setup.mjs',
      globalTeardown: '<rootDir>/apps/faults-e2e/support/global-teardown.mjs',
      setupFilesAfterEnv: ['<rootDir>/apps/faults-e2e/support/setup.ts'],
    },
  ],
};
