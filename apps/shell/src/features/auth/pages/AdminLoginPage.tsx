import { Card } from 'antd';
import { useNavigate } from 'react-router-dom';
import { paths } from '@cqa/web-core';
import { PageTitle } from '@cqa/web-ui';
import { LoginForm } from '../components/LoginForm';

/** Spec section 2: role fixed to admin, login only; success goes to /admin/questions. */
export function AdminLoginPage() {
  const navigate = useNavigate();
  return (
    <section style={{ maxWidth: 440, margin: '0 auto' }}>
      <PageTitle>Admin login</PageTitle>
      <Card>
        <LoginForm portal="admin" onSignedIn={() => navigate(paths.adminDashboard)} />
      </Card>
    </section>
  );
}
