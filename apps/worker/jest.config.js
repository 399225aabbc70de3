const { node } = require('../../jest.preset');
module.exports = { ...node, displayName: 'worker', rootDir: __dirname };
