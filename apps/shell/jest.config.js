const path = require('node:path');
const { web } = require('../../jest.preset');
module.exports = { ...web, displayName: 'shell', rootDir: __dirname, setupFiles: [...web.setupFiles, path.join(__dirname, 'src/testing/jsdom-polyfills.js')] };
