import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemotePagesLoader, RemotePagesModule } from './remote-pages';

/** Fetches a remote's remoteEntry.js (declared in the webpack config) and its './pages' module. */
export const loadRemotePages: RemotePagesLoader = async (remote) => {
  const module = await loadRemote<RemotePagesModule>(`${remote}/pages`);
  if (!module?.default) throw new Error(`The ${remote} remote did not provide its pages.`);
  return module;
};
