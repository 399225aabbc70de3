import { render, screen } from '@testing-library/react';
import { EmptyState } from './EmptyState';
import { PlaceholderPage } from './PlaceholderPage';

describe('PlaceholderPage', () => {
  it('names the screen in the h1 and says it is a placeholder', () => {
    render(<PlaceholderPage title="Patient question detail" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Patient question detail');
    expect(screen.getByText(/arrives with its own issue/)).toBeInTheDocument();
  });
});

describe('EmptyState', () => {
  it('shows its message', () => {
    render(<EmptyState message="No questions found. Be the first to ask!" />);
    expect(screen.getByText('No questions found. Be the first to ask!')).toBeInTheDocument();
  });
});
