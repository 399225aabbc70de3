import { useEffect, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { Messages } from '@cqa/contracts';
import { LoadingState } from '@cqa/web-ui';
import { selectAuth } from '../auth/auth.slice';
import { useAppDispatch, useAppSelector } from '../store/store';
import { toastShown } from '../toast/toast.slice';
import { paths } from '../routes/paths';
import type { RouteAccess } from '../routes/route-table';
import { canAccess } from './can-access';

export const NO_PERMISSION_MESSAGE = Messages.portal.noPermission;

export function RequireAccess({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { status, user } = useAppSelector(selectAuth);
  const { patientId } = useParams();

  if (access === 'public') return children;
  if (status === 'unknown') return <LoadingState />;
  if (status !== 'authenticated' || !user) return <Navigate to={paths.landing} replace />;
  if (canAccess(access, user, patientId)) return children;
  if (access === 'admin') return <DeniedRedirect />;
  return <Navigate to={paths.roleHome(user.role)} replace />;
}

function DeniedRedirect() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(toastShown('error', NO_PERMISSION_MESSAGE));
  }, [dispatch]);
  return <Navigate to={paths.landing} replace />;
}
