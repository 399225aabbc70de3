const { node } = require('../../jest.preset');
module.exports = {
  ...node,
  displayName: 'worker:integration',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.integration-spec.ts'],
  globalSetup: '<rootDir>/../api/test/global-setup.ts',
  globalTeardown: '<rootDir>/../api/test/global-teardown.ts',
  testTimeout: 30000,
};
