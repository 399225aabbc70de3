const { web } = require('../../jest.preset');
module.exports = { ...web, displayName: 'web-ui', rootDir: __dirname };
