const { createWebConfig } = require('../../tools/webpack/create-web-config.cjs');

module.exports = createWebConfig({ name: 'patient', dir: __dirname });
