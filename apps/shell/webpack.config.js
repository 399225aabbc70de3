const { createWebConfig, createPublicPagesConfig } = require('../../tools/webpack/create-web-config.cjs');

const shell = createWebConfig({ name: 'shell', dir: __dirname });

// Production also builds the public pages' own entry (no Module Federation) into public/; dev serves the shell alone.
module.exports = (env, argv) => (argv.mode === 'development' ? shell(env, argv) : [shell(env, argv), createPublicPagesConfig({ dir: __dirname })]);
