// One webpack config for the shell (Module Federation host) and the three remotes.
// Output must run under the API's CSP (script-src 'self', no eval, no inline scripts).
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { BundleManifestPlugin } = require('./bundle-manifest-plugin.cjs');

const root = path.resolve(__dirname, '../..');
const { dependencies, browserslist } = require(path.join(root, 'package.json'));
// Modern JavaScript only (README, "Browsers"): the package.json browserslist, for SWC's syntax transforms and
// webpack's own runtime code. No polyfills are added: every listed browser has what the code uses.
const browsers = browserslist.join(', ');
const webCore = require(path.join(root, 'libs/web-core/package.json'));
const reactRouterDom = require('react-router-dom/package.json');

const ports = { shell: 4200, patient: 4201, expert: 4202, admin: 4203 };
const remoteNames = ['patient', 'expert', 'admin'];
const apiTarget = 'http://localhost:3000';

// The federation runtime asks for the entry chunk's filename before content hashes exist (only to learn
// its folder depth), which a plain '[contenthash]' template cannot answer.
const hashedFilename = (pathData) =>
  pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:12].js' : '[name].js';

const sourceMapsForReport = process.env.WEB_SOURCE_MAPS === '1' ? 'hidden-source-map' : false;

const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });

// One copy of each for the host and every remote. Sub-paths are listed because sharing is by exact request.
// antd is not shared: a shared module cannot be tree-shaken (its provider must carry every export any consumer
// might use), and as one module it put the whole library (~400 KB brotli) on every first load. Each app bundles
// the components it uses; remote pages bring their own ConfigProvider theme (web-ui's lazyPage). Shared per
// component ('antd/es/' as a prefix, the apps' imports rewritten to those paths) it was measured larger still:
// docs/performance.md.
const shared = {
  react: singleton(dependencies.react),
  'react/jsx-runtime': singleton(dependencies.react),
  'react/jsx-dev-runtime': singleton(dependencies.react),
  'react-dom': singleton(dependencies['react-dom']),
  'react-dom/client': singleton(dependencies['react-dom']),
  // Resolved to web-core's list of the names the apps use (aliases below), so what is shared is tree-shaken; the version
  // is the package's, which the alias would otherwise hide.
  'react-router-dom': { ...singleton(dependencies['react-router-dom']), version: reactRouterDom.version },
  // The store, auth state and baseApi must be the shell's instance for remotes to inject into them. Redux Toolkit,
  // RTK Query and react-redux are not shared: only web-core uses them, so they are bundled (tree-shaken) inside it.
  '@cqa/web-core': { singleton: true, requiredVersion: false, version: webCore.version },
};

// Pre-compressed copies beside each file; the API (@fastify/static preCompressed) and nginx serve them.
const compressible = /\.(js|css|html|svg|json)$/;
const compressionPlugins = () => [
  new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: compressible, threshold: 1024, minRatio: 0.9,
    compressionOptions: { level: 9 } }),
  new CompressionPlugin({ filename: '[path][base].br', algorithm: 'brotliCompress', test: compressible, threshold: 1024, minRatio: 0.9,
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } } }),
];

const aliases = {
  '@cqa/contracts': path.join(root, 'libs/contracts/src/index.ts'),
  '@cqa/web-core': path.join(root, 'libs/web-core/src/index.ts'),
  '@cqa/web-ui': path.join(root, 'libs/web-ui/src/index.ts'),
  // Bundled like web-ui (not shared): its state lives in web-core's store, which is the shared singleton.
  '@cqa/web-qa': path.join(root, 'libs/web-qa/src/index.ts'),
  'react-router-dom$': path.join(root, 'libs/web-core/src/routing/react-router-dom.ts'),
};

/** TypeScript and JSX through SWC, for the listed browsers. */
const scriptRule = (production) => ({
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  // An import of a name a module does not export (e.g. one missing from the react-router-dom list above) fails the build.
  parser: { exportsPresence: 'error' },
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production } },
      },
      env: { targets: browsers },
    },
  },
});

/**
 * @param {{ name: 'shell' | 'patient' | 'expert' | 'admin', dir: string }} app
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 */
function createWebConfig({ name, dir }) {
  const isShell = name === 'shell';
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      target: ['web', `browserslist:${browsers}`],
      // A remote's own entry is only its standalone dev harness; in production the shell mounts its pages.
      entry: isShell || !production ? { main: './src/index.ts' } : {},
      // Production ships no source maps (they would publish the whole client source); dev maps are not eval-based,
      // which would need 'unsafe-eval'. WEB_SOURCE_MAPS=1 writes unlinked maps for tools/scripts/bundle-report.mjs only.
      devtool: production ? sourceMapsForReport : 'cheap-module-source-map',
      output: {
        path: path.join(root, 'dist/web', name),
        // In dev a remote is reached both at its own port and through the shell's proxy, so it finds its
        // chunks relative to its remoteEntry.js.
        publicPath: isShell ? '/' : production ? `/remotes/${name}/` : 'auto',
        filename: production ? hashedFilename : '[name].js',
        chunkFilename: production ? '[name].[contenthash:12].js' : '[name].js',
        uniqueName: name,
        // The shell's public-pages build writes into public/ beside it (createPublicPagesConfig), maybe first.
        clean: isShell ? { keep: /^public[\\/]/ } : true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'], alias: aliases },
      module: {
        rules: [
          scriptRule(production),
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isShell
            ? { remotes: Object.fromEntries(remoteNames.map((r) => [r, `${r}@/remotes/${r}/remoteEntry.js`])) }
            : { filename: 'remoteEntry.js', exposes: { './pages': { import: './src/pages.ts', name: 'expose-pages' } } }),
          shared,
          // 'version-first' would fetch every remoteEntry at start-up; remotes load only when their route is visited.
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: false,
          // In production the remotes use the shell's federation runtime instead of each shipping its own (~20 KB
          // brotli per remoteEntry.js); in dev a remote also runs standalone, without the shell, so it keeps its own.
          // Snapshots serve mf-manifest.json remotes only; ours are plain remoteEntry.js files.
          ...(production && {
            experiments: {
              ...(isShell ? { provideExternalRuntime: true } : { externalRuntime: true }),
              optimization: { disableSnapshot: true },
            },
          }),
        }),
        (isShell || !production) &&
          new HtmlWebpackPlugin({
            template: path.join(__dirname, 'index.html'),
            title: isShell ? 'Cancer Q&A' : `Cancer Q&A – ${name} (standalone)`,
            publicPath: '/',
            chunks: ['main'],
            // The pages this document serves need the script; without it, a way back to the public pages and out of a session.
            noscriptSignOut: isShell,
          }),
        ...(production ? [...compressionPlugins(), new BundleManifestPlugin({ app: name })] : []),
      ].filter(Boolean),
      performance: { hints: false },
      devServer: {
        port: ports[name],
        historyApiFallback: true,
        hot: false,
        ...(isShell
          ? {
              proxy: [
                { context: ['/api', '/admin/queues'], target: apiTarget },
                ...remoteNames.map((r) => ({
                  context: [`/remotes/${r}`],
                  target: `http://localhost:${ports[r]}`,
                  pathRewrite: { [`^/remotes/${r}`]: '' },
                })),
              ],
            }
          : {
              // Live reload talks to the remote's own server even when its code runs inside the shell.
              client: { webSocketURL: `ws://localhost:${ports[name]}/ws` },
            }),
      },
    };
  };
}

/**
 * The public pages' own build (the shell's landing, login/registration and disclaimers, pre-rendered by
 * tools/webpack/prerender.mjs): the same shell source, without Module Federation. Its entry, apps/shell/src/public-pages.ts,
 * is a few hundred bytes; the app itself (public-app.tsx) loads when the visitor first touches the page.
 * A visitor's first page so carries no federation runtime and no shared-module copies that cannot be tree-shaken;
 * a remote's page reached from it (the dashboard after signing in) loads the federated shell (index.html) instead.
 * Written to dist/web/shell/public/ (its index.html is the pre-render's template); production only.
 * @param {{ dir: string }} shell
 * @returns {import('webpack').Configuration}
 */
function createPublicPagesConfig({ dir }) {
  return {
    mode: 'production',
    context: dir,
    target: ['web', `browserslist:${browsers}`],
    entry: { public: './src/public-pages.ts' },
    devtool: sourceMapsForReport,
    output: {
      path: path.join(root, 'dist/web/shell/public'),
      publicPath: '/public/',
      filename: '[name].[contenthash:12].js',
      chunkFilename: '[name].[contenthash:12].js',
      uniqueName: 'shell-public',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'], alias: aliases },
    module: { rules: [scriptRule(true)] },
    plugins: [
      new HtmlWebpackPlugin({ template: path.join(__dirname, 'index.html'), title: 'Cancer Q&A', publicPath: '/public/', chunks: ['public'] }),
      ...compressionPlugins(),
      new BundleManifestPlugin({ app: 'shell-public' }),
    ],
    performance: { hints: false },
  };
}

module.exports = { createWebConfig, createPublicPagesConfig, ports };
