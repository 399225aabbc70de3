import type { CSSProperties } from 'react';
import { Button, Layout } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage, matchRoute, paths, selectCurrentUser, signOut, useAppDispatch, useAppSelector, useOpenQueuesSessionMutation, useToast } from '@cqa/web-core';

const JOB_QUEUES_PATH = '/admin/queues';

const linkStyle: CSSProperties = { color: '#0b57d0', fontSize: 16 };

export function TopBar() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const toast = useToast();
  const [openQueuesSession, { isLoading: openingQueues }] = useOpenQueuesSessionMutation();

  if (matchRoute(pathname).hideTopBar) return null;

  const links = user
    ? [
        { to: paths.roleHome(user.role), label: 'Questions' },
        ...(user.role === 'patient' ? [{ to: paths.patientProfileSummary, label: 'Profile' }] : []),
        ...(user.role === 'admin' ? [{ to: paths.adminUsers, label: 'Admin' }] : []),
      ]
    : [
        { to: paths.disclaimers, label: 'Disclaimers' },
        { to: paths.adminLogin, label: 'Admin' },
      ];

  // Bull Board is a separate page outside the shell; the API first gives this admin's browser a pass cookie for it.
  const onOpenJobQueues = async () => {
    try {
      await openQueuesSession().unwrap();
      window.location.assign(JOB_QUEUES_PATH);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not open the job queues. Please try again.'));
    }
  };

  const onSignOut = async () => {
    await dispatch(signOut());
    navigate(paths.landing);
  };

  return (
    <Layout.Header
      style={{
        background: '#fff',
        borderBottom: '1px solid #d9d9d9',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        padding: '0 24px',
      }}
    >
      <Link to={user ? paths.roleHome(user.role) : paths.landing} style={{ color: '#141414', fontSize: 20, fontWeight: 600 }}>
        Cancer Q&amp;A
      </Link>
      <nav aria-label="Main">
        <ul style={{ display: 'flex', alignItems: 'center', gap: 24, listStyle: 'none', margin: 0, padding: 0 }}>
          {links.map(({ to, label }) => (
            <li key={label}>
              <Link to={to} style={linkStyle}>
                {label}
              </Link>
            </li>
          ))}
          {user?.role === 'admin' && (
            <li>
              <Button type="link" loading={openingQueues} onClick={() => void onOpenJobQueues()} style={{ ...linkStyle, padding: 0 }}>
                Job queues
              </Button>
            </li>
          )}
          {user && (
            <li>
              <Button type="link" onClick={() => void onSignOut()} style={{ ...linkStyle, padding: 0 }}>
                Sign Out
              </Button>
            </li>
          )}
        </ul>
      </nav>
    </Layout.Header>
  );
}
