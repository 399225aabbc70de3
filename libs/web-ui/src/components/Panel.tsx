import type { CSSProperties, ReactNode } from 'react';

const PANEL_STYLE: CSSProperties = {
  position: 'relative', background: '#fff', border: '1px solid #f0f0f0', borderRadius: 8, padding: 12, color: 'rgba(0, 0, 0, 0.88)',
};

/**
 * What antd's `<Card size="small">` draws (a bordered, rounded box with 12 px padding) as plain markup, for the lists of
 * questions and answers on the first view of every dashboard and question page: antd's Card imports its Tabs (for a
 * card's tab list), and with them rc-tabs, rc-menu and rc-dropdown, ~15 KB brotli those pages never use.
 */
export function Panel({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <div className="cqa-panel" style={style ? { ...PANEL_STYLE, ...style } : PANEL_STYLE}>
      {children}
    </div>
  );
}
