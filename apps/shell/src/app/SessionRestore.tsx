import { useEffect } from 'react';
import { restoreSession, selectAuthStatus, useAppDispatch, useAppSelector } from '@cqa/web-core';

/** On app start, asks the API for a session from the refresh cookie while the status is 'unknown'. */
export function SessionRestore() {
  const status = useAppSelector(selectAuthStatus);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (status === 'unknown') void dispatch(restoreSession());
    // Only at start: later 'unknown' states are set by restoreSession itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
