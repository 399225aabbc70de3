// Writes bundle-manifest.json beside an app's build: the script files of each entry and named chunk group, the
// federation shared modules each one consumes, and the files of each shared module's own copy (its fallback).
// tools/scripts/bundle-budget.mjs adds these up into what the browser loads for a route.
const NAME = 'BundleManifestPlugin';

class BundleManifestPlugin {
  /** @param {{ app: string }} options */
  constructor({ app }) {
    this.app = app;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const { chunkGraph } = compilation;
        const describe = (chunkGroup) => {
          const files = new Set();
          const shared = new Set();
          for (const chunk of chunkGroup.chunks) {
            for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
            for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
              if (module.type === 'consume-shared-module') shared.add(module.options.shareKey);
            }
          }
          return { files: [...files].sort(), shared: [...shared].sort() };
        };

        const groups = {};
        for (const [name, entrypoint] of compilation.entrypoints) groups[name] = describe(entrypoint);
        for (const [name, chunkGroup] of compilation.namedChunkGroups) groups[name] ??= describe(chunkGroup);

        // A shared module's own copy is the async block of its consume module; the first one found stands for all.
        const sharedFallbacks = {};
        for (const module of compilation.modules) {
          if (module.type !== 'consume-shared-module') continue;
          const key = module.options.shareKey;
          const block = module.blocks[0];
          const chunkGroup = block && chunkGraph.getBlockChunkGroup(block);
          if (chunkGroup && !sharedFallbacks[key]) sharedFallbacks[key] = describe(chunkGroup);
        }

        const manifest = { app: this.app, groups, sharedFallbacks };
        compilation.emitAsset('bundle-manifest.json', new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    });
  }
}

module.exports = { BundleManifestPlugin };
