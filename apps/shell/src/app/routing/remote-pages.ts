import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteName } from '@cqa/web-core';

/** A remote's './pages' module: its pages. */
export type RemotePagesModule = {
  default: Record<string, ComponentType>;
};
export type RemotePagesLoader = (remote: RemoteName) => Promise<RemotePagesModule>;

export interface RemotePageResolver {
  /**
   * The lazy component for one page of a remote: the same one on every call, until a load fails. A failure
   * is forgotten (React.lazy would keep the rejection forever), so the next call loads the remote again.
   */
  page(remote: RemoteName, key: string): LazyExoticComponent<ComponentType>;
  /** Starts loading a remote before any of its pages renders (bootstrap: the remote of the page being opened). */
  preload(remote: RemoteName): void;
  /** The remote's './pages' module itself. */
  module(remote: RemoteName): Promise<RemotePagesModule>;
}

export function createRemotePageResolver(load: RemotePagesLoader): RemotePageResolver {
  const modules = new Map<RemoteName, Promise<RemotePagesModule>>();
  const components = new Map<string, LazyExoticComponent<ComponentType>>();

  const forget = (remote: RemoteName) => {
    modules.delete(remote);
    for (const id of [...components.keys()]) if (id.startsWith(`${remote}/`)) components.delete(id);
  };

  const moduleOf = (remote: RemoteName) => {
    let loading = modules.get(remote);
    if (!loading) {
      loading = load(remote);
      modules.set(remote, loading);
    }
    return loading;
  };
  const pagesOf = async (remote: RemoteName) => (await moduleOf(remote)).default;

  const page = (remote: RemoteName, key: string) => {
    const id = `${remote}/${key}`;
    let component = components.get(id);
    if (!component) {
      component = lazy(async () => {
        try {
          const Page = (await pagesOf(remote))[key];
          if (!Page) throw new Error(`The ${remote} remote has no page '${key}'.`);
          // A remote's page is itself lazy (its own chunk), and React.lazy cannot resolve to another lazy component.
          const RemoteRoutePage = () => createElement(Page);
          return { default: RemoteRoutePage };
        } catch (error) {
          forget(remote);
          throw error;
        }
      });
      components.set(id, component);
    }
    return component;
  };

  const preload = (remote: RemoteName) => {
    // A failure here is the page's to show when it renders (and load again); nothing to report now.
    pagesOf(remote).catch(() => forget(remote));
  };

  return { page, preload, module: moduleOf };
}
