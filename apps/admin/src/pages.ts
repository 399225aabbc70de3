import type { PagesMap } from '@cqa/web-core';
import { AdminDashboardPage } from './features/dashboard/pages/AdminDashboardPage';
import { AdminQuestionPage } from './features/questions/pages/AdminQuestionPage';
import { UserManagementPage } from './features/users/pages/UserManagementPage';
import { ApproveUserPage } from './features/users/pages/ApproveUserPage';

/** Exposed as 'admin/pages': the shell renders these for the routes the route table gives to 'admin'. */
const pages: PagesMap<'admin'> = {
  dashboard: AdminDashboardPage,
  questionDetail: AdminQuestionPage,
  users: UserManagementPage,
  approveUser: ApproveUserPage,
};

export default pages;
