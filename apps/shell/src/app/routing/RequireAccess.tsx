import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { Messages } from '@cqa/contracts';
import { canAccess, paths, selectAuth, toastShown, useAppDispatch, useAppSelector, type RouteAccess } from '@cqa/web-core';
import { LoadingState } from '@cqa/web-ui';

export const NO_PERMISSION_MESSAGE = Messages.portal.noPermission;

/** The shell's route guard: the route table's access rule, with the spec's redirects and permission toast. */
export function RequireAccess({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { status, user } = useAppSelector(selectAuth);
  const { patientId } = useParams();
  const { pathname } = useLocation();

  if (access === 'public') return children;
  if (status === 'unknown') return <LoadingState page />;
  if (status !== 'authenticated' || !user) return access === 'patient' && isProfilePath(pathname) ? <SignInForProfile /> : <Navigate to={paths.landing} replace />;
  if (canAccess(access, user, patientId)) return children;
  if (access === 'admin') return <DeniedRedirect />;
  return <Navigate to={paths.roleHome(user.role)} replace />;
}

/** The patient's own profile pages (wizard, summary): signed out, the spec says 'Please log in to access your profile'. */
const isProfilePath = (pathname: string) => /^\/patient-profile/.test(pathname);

function SignInForProfile() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(toastShown('error', Messages.errors.loginToAccessProfile));
  }, [dispatch]);
  return <Navigate to={paths.landing} replace />;
}

function DeniedRedirect() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(toastShown('error', NO_PERMISSION_MESSAGE));
  }, [dispatch]);
  return <Navigate to={paths.landing} replace />;
}
