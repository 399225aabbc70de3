import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { toastShown, type ToastKind } from './toast.slice';

export function useToast() {
  const dispatch = useDispatch();
  return useMemo(() => {
    const show = (kind: ToastKind, message: string) => dispatch(toastShown(kind, message));
    return {
      show,
      success: (message: string) => show('success', message),
      error: (message: string) => show('error', message),
      info: (message: string) => show('info', message),
      warning: (message: string) => show('warning', message),
    };
  }, [dispatch]);
}
