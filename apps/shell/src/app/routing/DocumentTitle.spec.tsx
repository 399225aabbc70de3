import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { routeTable } from '@cqa/web-core';
import { DocumentTitle, documentTitle, SITE_NAME } from './DocumentTitle';

describe('documentTitle', () => {
  it('gives every route of the route table its own page title', () => {
    for (const route of routeTable) {
      const concrete = route.path === '*' ? '/nowhere' : route.path.replace(/:[a-zA-Z]+/g, '7');
      expect(documentTitle(concrete)).toMatch(new RegExp(`^.+ – ${SITE_NAME}$`));
    }
  });

  it('names the page at the path', () => {
    expect(documentTitle('/disclaimers')).toBe('Disclaimers – Cancer Q&A');
    expect(documentTitle('/patient/questions/12')).toBe('Question – Cancer Q&A');
    expect(documentTitle('/admin')).toBe('Admin dashboard – Cancer Q&A');
  });

  it('sets document.title for the current route', () => {
    render(
      <MemoryRouter initialEntries={['/expert/questions']}>
        <DocumentTitle />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Expert dashboard – Cancer Q&A');
  });
});
