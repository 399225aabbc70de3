import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { toastShown, toastWithdrawn, type ToastKind } from './toast.slice';

export function useToast() {
  const dispatch = useDispatch();
  return useMemo(() => {
    const show = (kind: ToastKind, message: string, durationMs?: number) => dispatch(toastShown(kind, message, durationMs));
    return {
      show,
      success: (message: string, durationMs?: number) => show('success', message, durationMs),
      error: (message: string, durationMs?: number) => show('error', message, durationMs),
      info: (message: string, durationMs?: number) => show('info', message, durationMs),
      warning: (message: string, durationMs?: number) => show('warning', message, durationMs),
      /** Takes down the toast showing this text, if one is. */
      withdraw: (message: string) => dispatch(toastWithdrawn(message)),
    };
  }, [dispatch]);
}
