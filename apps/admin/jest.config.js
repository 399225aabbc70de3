const { web } = require('../../jest.preset');
module.exports = { ...web, displayName: 'admin', rootDir: __dirname };
