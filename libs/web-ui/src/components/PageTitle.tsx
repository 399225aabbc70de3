import type { ReactNode } from 'react';
import { Typography } from 'antd';

/** The page's single h1. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={1} style={{ fontSize: 30, marginTop: 0 }}>
      {children}
    </Typography.Title>
  );
}
