const { node } = require('../../jest.preset');
module.exports = { ...node, displayName: 'contracts', rootDir: __dirname };
