const { web } = require('../../jest.preset');
module.exports = { ...web, displayName: 'web-core', rootDir: __dirname };
