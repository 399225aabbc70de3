const { web } = require('../../jest.preset');
module.exports = { ...web, displayName: 'web-qa', rootDir: __dirname };
