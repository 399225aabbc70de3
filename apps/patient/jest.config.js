const { web } = require('../../jest.preset');
module.exports = { ...web, displayName: 'patient', rootDir: __dirname };
