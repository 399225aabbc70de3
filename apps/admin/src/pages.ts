import type { PagesMap } from '@cqa/web-core';
import { lazyPage } from '@cqa/web-ui';

// Each page is its own chunk, named for the bundle budget (tools/bundle-budget): a route downloads only its page.
/** Exposed as 'admin/pages': the shell renders these for the routes the route table gives to 'admin'. */
const pages: PagesMap<'admin'> = {
  dashboard: lazyPage(() =>
    import(/* webpackChunkName: "page-dashboard" */ './features/dashboard/pages/AdminDashboardPage').then((m) => m.AdminDashboardPage),
  ),
  questionDetail: lazyPage(() =>
    import(/* webpackChunkName: "page-questionDetail" */ './features/questions/pages/AdminQuestionPage').then((m) => m.AdminQuestionPage),
  ),
  users: lazyPage(() =>
    import(/* webpackChunkName: "page-users" */ './features/users/pages/UserManagementPage').then((m) => m.UserManagementPage),
  ),
  operations: lazyPage(() =>
    import(/* webpackChunkName: "page-operations" */ './features/operations/pages/OperationsPage').then((m) => m.OperationsPage),
  ),
  approveUser: lazyPage(() =>
    import(/* webpackChunkName: "page-approveUser" */ './features/users/pages/ApproveUserPage').then((m) => m.ApproveUserPage),
  ),
  researchRequests: lazyPage(() =>
    import(/* webpackChunkName: "page-researchRequests" */ './features/research-requests/pages/ResearchRequestsQueuePage').then((m) => m.ResearchRequestsQueuePage),
  ),
};

export default pages;
