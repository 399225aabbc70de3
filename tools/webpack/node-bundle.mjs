// One CommonJS file for Node of a web entry (the build's pre-render of the public pages, the page server's renderer):
// TypeScript and JSX through swc, the workspace's libs by alias, and one chunk, so the pages' lazy chunks resolve while
// rendering with nothing to fetch.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const webpack = createRequire(import.meta.url)('webpack');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The workspace's libs (and more `extra` aliases) as their sources. */
export const libAliases = (extra = {}) => ({
  '@cqa/contracts': path.join(root, 'libs/contracts/src/index.ts'),
  '@cqa/web-core': path.join(root, 'libs/web-core/src/index.ts'),
  '@cqa/web-ui': path.join(root, 'libs/web-ui/src/index.ts'),
  ...extra,
});

/** Bundles `entry` (relative to apps/shell) into `<outDir>/<name>.cjs`; resolves with that file's path. */
export function bundleForNode({ name, entry, outDir, aliases }) {
  const config = {
    mode: 'production',
    target: 'node24',
    context: path.join(root, 'apps/shell'),
    entry: { [name]: entry },
    output: { path: outDir, filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.js'], alias: aliases },
    optimization: { minimize: false },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
            },
          },
        },
      ],
    },
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }), new webpack.DefinePlugin({ 'process.env.NODE_ENV': '"production"' })],
    performance: { hints: false },
  };
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true, colors: false })));
      resolve(path.join(outDir, `${name}.cjs`));
    });
  });
}
