import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RemoteDevHarness } from '@cqa/web-core';
import { AppFooter, appTheme } from '@cqa/web-ui';
import pages from './pages';

// Only for `npm run serve` on its own port; inside the product the shell renders ./pages.
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <RemoteDevHarness app="admin" pages={pages} theme={appTheme} footer={<AppFooter />} />
  </StrictMode>,
);
