const { node } = require('../../jest.preset');
module.exports = {
  ...node,
  displayName: 'api:integration',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.integration-spec.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // Hooks start whole apps and sign accounts in with argon2; on a busy 2-core machine that alone can pass 30 s.
  testTimeout: 60000,
};
