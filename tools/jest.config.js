/** Repository checks: infra/ (docker and k8s against the code), docs/ (README), lint/ (import boundaries); the fake AI, literature fixture and demo pages servers; the test mail decoder. */
const preset = require('../jest.preset').node;

module.exports = {
  ...preset,
  displayName: 'tools',
  rootDir: __dirname,
  testMatch: ['<rootDir>/{infra,docs,lint,scripts-spec,fake-ai,literature-fixtures,mail,demo-pages}/**/*.spec.ts'],
  testTimeout: 60000,
};
