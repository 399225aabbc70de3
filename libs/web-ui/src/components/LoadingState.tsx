import { Spin } from 'antd';

export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" style={{ display: 'flex', alignItems: 'center', gap: 12, padding: 32 }}>
      <Spin aria-hidden />
      <span>{label}</span>
    </div>
  );
}
