import type { ReactNode, Ref } from 'react';
import { theme } from 'antd';

/**
 * The landing page's boxes, drawn as antd's Card draws a card without a title. Not Card itself: Card brings antd's
 * Tabs and Menu with it (for its tab list), 36 KB (brotli) on the first page every visitor loads.
 */
export function Panel({ children, ref }: { children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  const { token } = theme.useToken();
  return (
    <div
      ref={ref}
      style={{
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
      }}
    >
      {children}
    </div>
  );
}
