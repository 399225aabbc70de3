const { node } = require('../../jest.preset');
module.exports = { ...node, displayName: 'api', rootDir: __dirname };
