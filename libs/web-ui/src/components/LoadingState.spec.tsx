import { render, screen } from '@testing-library/react';
import { LoadingState, PAGE_PENDING_CLASS } from './LoadingState';
import { RESPONSIVE_CSS } from '../responsive/ResponsiveStyles';

describe('LoadingState', () => {
  it('is a status region saying Loading', () => {
    render(<LoadingState />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('takes a specific label', () => {
    render(<LoadingState label="Loading summary..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading summary...');
  });

  it("marks a page's pending main content, for which the layout reserves a screen", () => {
    const { rerender } = render(<LoadingState />);
    expect(screen.getByRole('status')).not.toHaveClass(PAGE_PENDING_CLASS);
    rerender(<LoadingState page label="Loading questions..." />);
    expect(screen.getByRole('status')).toHaveClass(PAGE_PENDING_CLASS);
    expect(screen.getByRole('status')).toHaveTextContent('Loading questions...');
    expect(RESPONSIVE_CSS).toContain(`.ant-layout-header ~ .cqa-content:has(.${PAGE_PENDING_CLASS}) { min-height: calc(100vh - 64px); }`);
  });
});
