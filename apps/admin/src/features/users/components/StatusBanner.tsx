import { useEffect } from 'react';
import { Alert } from 'antd';
import { BANNER_MS } from '../approval';

export interface Banner { kind: 'success' | 'error'; text: string; at: number }

/** The success or 'Error: {message}' banner of the user screens; it clears after 3 seconds. */
export function StatusBanner({ banner, onClear }: { banner: Banner | null; onClear: () => void }) {
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(onClear, BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner, onClear]);
  if (!banner) return null;
  return <Alert type={banner.kind} role={banner.kind === 'error' ? 'alert' : 'status'} showIcon title={banner.text} style={{ marginBottom: 16 }} />;
}
