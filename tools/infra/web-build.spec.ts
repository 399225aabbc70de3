import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createWebConfig } = require('../webpack/create-web-config.cjs') as {
  createWebConfig: (app: { name: string; dir: string }) => (env: unknown, argv: { mode?: string }) => { devtool?: string | false };
};

describe('the web build', () => {
  it.each(['shell', 'patient', 'expert', 'admin'])('ships no source maps in production (%s)', (name) => {
    const config = createWebConfig({ name, dir: path.resolve(__dirname, '../../apps', name) });
    expect(config(undefined, { mode: 'production' }).devtool).toBe(false);
    expect(config(undefined, { mode: 'development' }).devtool).not.toMatch(/eval/);
  });
});
