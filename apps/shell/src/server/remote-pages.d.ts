// The remotes' './pages' modules as the page server's bundle resolves them (tools/webpack/server-render.mjs aliases).
declare module 'patient/pages' {
  import type { RemotePagesModule } from '../app/routing/remote-pages';
  const pages: RemotePagesModule['default'];
  export default pages;
}
declare module 'expert/pages' {
  import type { RemotePagesModule } from '../app/routing/remote-pages';
  const pages: RemotePagesModule['default'];
  export default pages;
}
declare module 'admin/pages' {
  import type { RemotePagesModule } from '../app/routing/remote-pages';
  const pages: RemotePagesModule['default'];
  export default pages;
}
