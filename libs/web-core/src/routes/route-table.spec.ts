import { SERVER_PAGES } from '@cqa/contracts';
import { matchRoute, routeTable, routesOf } from './route-table';
import { paths } from './paths';

// Section 2 of the product spec, route by route, with the app that owns each.
const specRoutes: Array<[path: string, app: string]> = [
  ['/', 'shell'],
  ['/disclaimers', 'shell'],
  ['/forgot-password', 'shell'],
  ['/reset-password', 'shell'],
  ['/verify-email/:code', 'shell'],
  ['/admin/login', 'shell'],
  ['/patient/questions', 'patient'],
  ['/patient/questions/:id', 'patient'],
  ['/expert/questions', 'expert'],
  ['/expert/questions/:id', 'expert'],
  ['/expert/blinded-questions/:id', 'expert'],
  // Ours (issue 38): the review queue of deep research requests.
  ['/expert/research-requests', 'expert'],
  ['/admin', 'admin'],
  ['/admin/questions', 'admin'],
  ['/admin/users', 'admin'],
  ['/admin/questions/:id', 'admin'],
  ['/admin/approve-user/:userId', 'admin'],
  // Ours: the admin's own views (sign-in log, access log, AI runs, research flags), apart from User Management.
  ['/admin/operations', 'admin'],
  ['/admin/research-requests', 'admin'],
  // The profile wizard in admin mode lives with the wizard, in the patient remote.
  ['/admin/patient/:patientId/edit', 'patient'],
  ['/patient-profile', 'patient'],
  ['/patient-profile-questionnaire', 'patient'],
  ['/patient-profile-summary', 'patient'],
  ['/patients/:patientId/profile', 'patient'],
  ['/patient-profile-consolidated', 'patient'],
  ['/patient-profile-consolidated/:patientId', 'patient'],
  ['/patient-profile-readonly/:patientId', 'patient'],
  // Ours: the performance-scale and review-of-systems documents the consolidated profile links to.
  ['/profile-reference/performance-scale', 'patient'],
  ['/profile-reference/review-of-systems', 'patient'],
  // Ours: the account page (issue 44) and its two-factor sign-in settings (issue 17).
  ['/account', 'shell'],
  ['/account/security', 'shell'],
  // Ours (issue 44): the link confirming a new e-mail address.
  ['/confirm-email/:code', 'shell'],
  ['*', 'shell'],
];

describe('route table', () => {
  it('holds exactly the spec routes, each owned by the right app', () => {
    const pairs = (list: Array<[string, string]>) => list.map(([path, app]) => `${path} -> ${app}`).sort();
    expect(pairs(routeTable.map((route) => [route.path, route.app]))).toEqual(pairs(specRoutes));
  });

  it.each([
    ['/patient/questions', 'patient'],
    ['/patient/questions/12', 'patient'],
    ['/patient-profile-summary', 'patient'],
    ['/expert/questions', 'expert'],
    ['/expert/questions/3', 'expert'],
    ['/admin', 'admin'],
    ['/admin/questions', 'admin'],
    ['/admin/approve-user/9', 'admin'],
    ['/admin/login', 'shell'],
    ['/verify-email/abc123', 'shell'],
  ])('matches %s to the %s app', (pathname, app) => {
    expect(matchRoute(pathname).app).toBe(app);
  });

  it('sends unknown paths to the landing page', () => {
    expect(matchRoute('/no/such/page')).toMatchObject({ app: 'shell', page: 'landing' });
    expect(matchRoute('/patient')).toMatchObject({ app: 'shell', page: 'landing' });
  });

  it('guards each route as the spec says', () => {
    const access = (path: string) => routeTable.find((route) => route.path === path)?.access;
    expect(access('/')).toBe('public');
    expect(access('/admin/login')).toBe('public');
    expect(access('/patient/questions')).toBe('patient');
    expect(access('/expert/blinded-questions/:id')).toBe('expert');
    expect(access('/admin/users')).toBe('admin');
    expect(access('/admin/operations')).toBe('admin');
    expect(access('/patients/:patientId/profile')).toBe('patient-own-or-staff');
    expect(access('/patient-profile-consolidated/:patientId')).toBe('signed-in');
    expect(access('/admin/patient/:patientId/edit')).toBe('admin');
  });

  it('hides the top bar only on the patient profile and consolidated routes', () => {
    const hidden = routeTable.filter((route) => route.hideTopBar).map((route) => route.path);
    expect(hidden).toEqual([
      '/patients/:patientId/profile',
      '/patient-profile-consolidated',
      '/patient-profile-consolidated/:patientId',
    ]);
  });

  it('lists the routes of one app', () => {
    expect(routesOf('expert').map((route) => route.path)).toEqual([
      '/expert/questions',
      '/expert/questions/:id',
      '/expert/blinded-questions/:id',
      '/expert/research-requests',
    ]);
  });
});

describe('paths', () => {
  it('builds concrete paths that land on their route', () => {
    expect(paths.patientQuestion(42)).toBe('/patient/questions/42');
    expect(matchRoute(paths.patientQuestion(42)).page).toBe('questionDetail');
    expect(paths.expertAnswerReview(7)).toBe('/expert/blinded-questions/7');
    expect(paths.adminEditPatient(5)).toBe('/admin/patient/5/edit');
    expect(paths.patientProfileWizard(3)).toBe('/patient-profile?step=3');
    expect(paths.consolidatedProfile()).toBe('/patient-profile-consolidated');
    expect(paths.consolidatedProfile(8)).toBe('/patient-profile-consolidated/8');
    expect(paths.roleHome('expert')).toBe('/expert/questions');
    expect(paths.verifyEmail('a/b')).toBe('/verify-email/a%2Fb');
  });
});

describe('server-rendered pages (contracts SERVER_PAGES) against the route table', () => {
  it.each(SERVER_PAGES.map((page) => [page.path, page] as const))('%s is a route of the table with the same page and access rule', (_path, page) => {
    expect(routeTable.find((route) => route.path === page.path)).toMatchObject({ app: page.remote, page: page.page, access: page.access });
  });

  it('declares every route that opens a server-rendered remote page', () => {
    const rendered = new Set(SERVER_PAGES.map((page) => `${page.remote}/${page.page}`));
    const routes = routeTable.filter((route) => rendered.has(`${route.app}/${route.page}`)).map((route) => route.path);
    expect(routes.sort()).toEqual(SERVER_PAGES.map((page) => page.path).sort());
  });

  it('loads each endpoint once per page (the renderer answers a page’s queries by endpoint)', () => {
    for (const page of SERVER_PAGES) {
      const endpoints = page.queries({ params: { id: '1' }, search: new URLSearchParams() }).map((query) => query.endpoint);
      expect(new Set(endpoints).size).toBe(endpoints.length);
    }
  });

  it('declares each path once', () => {
    const paths = SERVER_PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
