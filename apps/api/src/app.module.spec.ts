import type { DynamicModule, Provider, Type } from '@nestjs/common';
import { AppModule } from './app.module';
import { loadConfig } from './config/app-config';

type ModuleRef = Type | DynamicModule;

/** Every module the app imports, each with the providers it declares itself. */
function modulesOf(root: ModuleRef): Map<string, Provider[]> {
  const found = new Map<string, Provider[]>();
  const walk = (ref: ModuleRef | undefined) => {
    if (!ref) return;
    const type = 'module' in ref ? ref.module : ref;
    const dynamic = 'module' in ref ? ref : undefined;
    const key = dynamic ? `${type.name}(dynamic:${found.size})` : type.name;
    if (!dynamic && found.has(key)) return;
    found.set(key, [...((Reflect.getMetadata('providers', type) as Provider[] | undefined) ?? []), ...(dynamic?.providers ?? [])]);
    for (const imported of [...((Reflect.getMetadata('imports', type) as ModuleRef[] | undefined) ?? []), ...(dynamic?.imports ?? [])]) walk(imported as ModuleRef);
  };
  walk(root);
  return found;
}

describe('the app module graph', () => {
  it('provides each provider class in one module only: a second module providing it would make a second instance', () => {
    const owners = new Map<unknown, Set<string>>();
    for (const [module, providers] of modulesOf(AppModule.forRoot(loadConfig(process.env, 'api')))) {
      for (const provider of providers) {
        const token = typeof provider === 'function' ? provider : provider.provide;
        owners.set(token, (owners.get(token) ?? new Set()).add(module.replace(/\(dynamic:\d+\)$/, '')));
      }
    }
    const twice = [...owners].filter(([, modules]) => modules.size > 1).map(([token, modules]) => `${String((token as { name?: string }).name ?? token)}: ${[...modules].join(', ')}`);
    expect(twice).toEqual([]);
  });
});
