const { node } = require('../../jest.preset');
module.exports = {
  ...node,
  displayName: 'api:integration',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.integration-spec.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30000,
};
