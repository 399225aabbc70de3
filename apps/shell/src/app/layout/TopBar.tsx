import { useRef, useState, type CSSProperties } from 'react';
import { Button, Drawer, Layout } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { ResearchRequestTexts, SIGNED_OUT_HREF } from '@cqa/contracts';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage, matchRoute, paths, selectAuthStatus, selectCurrentUser, signOut, useAppDispatch, useAppSelector, useOpenQueuesSessionMutation, useToast } from '@cqa/web-core';
import { useHydrated, useIsNarrow } from '@cqa/web-ui';
import { NewAnswersLink } from '../../features/notifications/NewAnswersLink';
import { ShellTexts } from '../texts';

const JOB_QUEUES_PATH = '/admin/queues';
const MENU_ID = 'main-menu';

// At least 24 px high (WCAG 2.5.8) without looking any different.
const linkStyle: CSSProperties = { color: '#0b57d0', fontSize: 16, display: 'inline-flex', alignItems: 'center', minHeight: 24 };
// The current page: bold and underlined, so it is not told by colour alone.
const currentStyle: CSSProperties = { ...linkStyle, fontWeight: 600, textDecoration: 'underline', textUnderlineOffset: 6 };
// On a phone every menu entry is a full-width row at least 44 px high (WCAG 2.5.8 asks 24).
const menuRowStyle: CSSProperties = { display: 'flex', alignItems: 'center', minHeight: 44, width: '100%', padding: '0 8px' };

interface NavItem { to: string; label: string }

export function TopBar() {
  const user = useAppSelector(selectCurrentUser);
  const authStatus = useAppSelector(selectAuthStatus);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const toast = useToast();
  const [openQueuesSession, { isLoading: openingQueues }] = useOpenQueuesSessionMutation();
  const narrow = useIsNarrow();
  const hydrated = useHydrated();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  const route = matchRoute(pathname);
  if (route.hideTopBar) return null;

  // A signed-in page opened directly waits for the session restore: its role's links are not known yet, and the
  // signed-out ones drawn meanwhile were replaced by a longer list that moved the bar's links (a layout shift on a
  // wide screen). None are drawn until then; the role's links then appear in free space.
  const restoring = !user && authStatus === 'unknown' && route.access !== 'public';

  const links: NavItem[] = restoring
    ? []
    : user
    ? [
        { to: paths.roleHome(user.role), label: ShellTexts.nav.questions },
        ...(user.role === 'patient' ? [{ to: paths.patientProfileSummary, label: ShellTexts.nav.profile }] : []),
        ...(user.role === 'expert' ? [{ to: paths.expertResearchRequests, label: ResearchRequestTexts.queueTitle }] : []),
        ...(user.role === 'admin'
          ? [{ to: paths.adminUsers, label: ShellTexts.nav.admin }, { to: paths.adminOperations, label: ShellTexts.nav.operations }, { to: paths.adminResearchRequests, label: ResearchRequestTexts.queueTitle }]
          : []),
        { to: paths.account, label: ShellTexts.nav.account },
      ]
    : [
        { to: paths.disclaimers, label: ShellTexts.nav.disclaimers },
        { to: paths.adminLogin, label: ShellTexts.nav.admin },
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
    setMenuOpen(false);
    await dispatch(signOut());
    // The login form then says the user has signed out (its notice, as after the no-script sign-out form).
    navigate(SIGNED_OUT_HREF);
  };

  const rowStyle = narrow ? menuRowStyle : undefined;
  const items = (
    <ul
      style={
        narrow
          ? { display: 'flex', flexDirection: 'column', gap: 8, listStyle: 'none', margin: 0, padding: 0 }
          : { display: 'flex', alignItems: 'center', gap: 24, listStyle: 'none', margin: 0, padding: 0 }
      }
    >
      {links.map(({ to, label }) => (
        <li key={label}>
          {/* NavLink marks the current page with aria-current="page". */}
          <NavLink to={to} onClick={() => setMenuOpen(false)} style={({ isActive }) => ({ ...(isActive ? currentStyle : linkStyle), ...rowStyle })}>
            {label}
          </NavLink>
        </li>
      ))}
      {user?.role === 'admin' && (
        <li>
          <Button type="link" loading={openingQueues} onClick={() => void onOpenJobQueues()} style={{ ...linkStyle, padding: narrow ? '0 8px' : 0, ...rowStyle }}>
            Job queues
          </Button>
        </li>
      )}
      {user && (
        <li>
          <Button type="link" onClick={() => void onSignOut()} style={{ ...linkStyle, padding: narrow ? '0 8px' : 0, ...rowStyle }}>
            Sign Out
          </Button>
        </li>
      )}
    </ul>
  );

  return (
    <Layout.Header
      style={{
        background: '#fff',
        borderBottom: '1px solid #d9d9d9',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 16,
        padding: narrow ? '0 12px' : '0 24px',
      }}
    >
      <Link
        to={user ? paths.roleHome(user.role) : paths.landing}
        style={{ color: '#141414', fontSize: 20, fontWeight: 600, whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        Cancer Q&amp;A
      </Link>
      {user?.role === 'patient' && (
        <div style={{ marginLeft: 'auto', display: 'flex', alignItems: 'center' }}>
          <NewAnswersLink />
        </div>
      )}
      {narrow ? (
        <>
          <Button
            ref={menuButton}
            icon={<MenuOutlined aria-hidden />}
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
            style={{ minWidth: 44, minHeight: 44 }}
          >
            Menu
          </Button>
          {/* Mounted once the page is hydrated: a portal cannot be taken over from server-sent HTML. */}
          {hydrated && (
            <Drawer
              title={ShellTexts.menu}
              placement="right"
              open={menuOpen}
              onClose={() => setMenuOpen(false)}
              // Kept in the page while closed so the button's aria-controls always points at it.
              forceRender
              size="min(320px, 85vw)"
              // Focus goes back to the button that opened it (Escape, the close button or a link).
              afterOpenChange={(open) => {
                if (!open) menuButton.current?.focus();
              }}
            >
              <nav id={MENU_ID} aria-label={ShellTexts.mainNavigation}>
                {items}
              </nav>
            </Drawer>
          )}
        </>
      ) : restoring ? null : (
        <nav aria-label={ShellTexts.mainNavigation}>{items}</nav>
      )}
    </Layout.Header>
  );
}
