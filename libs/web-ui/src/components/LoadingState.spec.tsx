import { render, screen } from '@testing-library/react';
import { LoadingState } from './LoadingState';

describe('LoadingState', () => {
  it('is a status region saying Loading', () => {
    render(<LoadingState />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('takes a specific label', () => {
    render(<LoadingState label="Loading summary..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading summary...');
  });
});
