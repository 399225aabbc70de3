import { matchRoute } from '@cqa/web-core';
import { loadRemotePages } from './app/routing/load-remote-pages';
import { createRemotePageResolver } from './app/routing/remote-pages';
import { mountApp } from './mount';

const resolver = createRemotePageResolver(loadRemotePages);
// A remote's page opened directly (a reload, a link, a signed-in user's start page) fetches its remote now, beside the
// session restore, instead of after it.
const opened = matchRoute(window.location.pathname).app;
if (opened !== 'shell') resolver.preload(opened);

mountApp(resolver);
