import { render, screen } from '@testing-library/react';
import { AppFooter } from './AppFooter';

describe('AppFooter', () => {
  it('shows the current year', () => {
    render(<AppFooter />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Cancer Q&A`);
  });

  it('follows the clock rather than a fixed year', () => {
    render(<AppFooter now={new Date('2031-06-01T12:00:00Z')} />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2031 Cancer Q&A');
  });
});
