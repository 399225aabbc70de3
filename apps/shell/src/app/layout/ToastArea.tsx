import { useEffect } from 'react';
import { Alert } from 'antd';
import { selectToasts, toastDismissed, useAppDispatch, useAppSelector, type Toast } from '@cqa/web-core';
import { ShellTexts } from '../texts';

const TOAST_MS = 6000;

export function ToastArea() {
  const toasts = useAppSelector(selectToasts);
  return (
    <section
      aria-label={ShellTexts.notifications}
      aria-live="polite"
      style={{
        position: 'fixed',
        // Below the 64 px top bar: a toast never covers the navigation or Sign Out.
        top: 72,
        right: 16,
        zIndex: 1100,
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        width: 360,
        maxWidth: 'calc(100vw - 32px)',
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(toastDismissed(toast.id)), toast.durationMs ?? TOAST_MS);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.durationMs]);
  return (
    <Alert
      type={toast.kind}
      title={toast.message}
      showIcon
      closable={{ onClose: () => dispatch(toastDismissed(toast.id)), 'aria-label': 'Dismiss notification' }}
    />
  );
}
