const { web } = require('../../jest.preset');
module.exports = { ...web, displayName: 'expert', rootDir: __dirname };
