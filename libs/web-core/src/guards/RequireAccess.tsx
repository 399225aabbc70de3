import { useEffect, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { LoadingState } from '@cqa/web-ui';
import { selectAuth } from '../auth/auth.slice';
import { useAppDispatch, useAppSelector } from '../store/store';
import { toastShown } from '../toast/toast.slice';
import { paths } from '../routes/paths';
import type { RouteAccess } from '../routes/route-table';
import { canAccess } from './can-access';

// TODO(contracts): move to the message catalogue in @cqa/contracts once it exists.
export const NO_PERMISSION_MESSAGE = "You don't have permission to access this page";

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
