import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createWebConfig, createPublicPagesConfig } = require('../webpack/create-web-config.cjs') as {
  createWebConfig: (app: { name: string; dir: string }) => (env: unknown, argv: { mode?: string }) => { devtool?: string | false };
  createPublicPagesConfig: (shell: { dir: string }) => { devtool?: string | false; plugins: object[] };
};

describe('the web build', () => {
  it.each(['shell', 'patient', 'expert', 'admin'])('ships no source maps in production (%s)', (name) => {
    const config = createWebConfig({ name, dir: path.resolve(__dirname, '../../apps', name) });
    expect(config(undefined, { mode: 'production' }).devtool).toBe(false);
    expect(config(undefined, { mode: 'development' }).devtool).not.toMatch(/eval/);
  });

  it('builds the public pages without Module Federation and without source maps', () => {
    const config = createPublicPagesConfig({ dir: path.resolve(__dirname, '../../apps/shell') });
    expect(config.devtool).toBe(false);
    expect(config.plugins.map((plugin) => plugin.constructor.name)).not.toContain('ModuleFederationPlugin');
  });
});
