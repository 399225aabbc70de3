import type { CSSProperties } from 'react';
import { Button, Layout } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { matchRoute, paths, selectCurrentUser, signOut, useAppDispatch, useAppSelector } from '@cqa/web-core';

const linkStyle: CSSProperties = { color: '#0b57d0', fontSize: 16 };

export function TopBar() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();

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
