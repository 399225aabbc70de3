import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createAppStore } from '@cqa/web-core';
import { signedInState } from '@cqa/web-core/testing';
import { OperationsPage } from './pages/OperationsPage';

/** The Operations page as an admin sees it at /admin/operations. */
export function renderOperationsPage() {
  return render(
    <Provider store={createAppStore({ auth: signedInState('admin') })}>
      <MemoryRouter initialEntries={['/admin/operations']}>
        <OperationsPage />
      </MemoryRouter>
    </Provider>,
  );
}
