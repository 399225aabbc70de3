// The public pages' entry (tools/webpack/create-web-config.cjs, createPublicPagesConfig): the landing page (login and
// registration) and the disclaimers, pre-rendered, are hydrated by this bundle, built without Module Federation, so a
// visitor's first page downloads only what it runs. Every shell page works here; the remotes' pages do not exist in
// this bundle: when the app moves to one (the dashboard after signing in, a link), the browser loads that address
// afresh and the server answers it with the federated shell (bootstrap.tsx), which restores the session from its
// cookie.
//
// The app itself is fetched only once the browser has painted the pre-rendered page: otherwise, with the scripts at
// hand, the browser may run them before its first paint, and the page the visitor could already read waits for them.
// A tab opened in the background paints no frames: it waits at most a second.
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 1000);
  });

void afterFirstPaint().then(() => import(/* webpackChunkName: "public-app" */ './public-app'));
