import { render, screen } from '@testing-library/react';
import { RemoteDevHarness } from './RemoteDevHarness';

const pages = {
  dashboard: () => <h1>Expert Dashboard</h1>,
  questionDetail: () => <h1>Expert question detail</h1>,
  answerReview: () => <h1>Expert answer review</h1>,
};

describe('RemoteDevHarness', () => {
  afterEach(() => window.history.pushState({}, '', '/'));

  it("renders the remote's page for the current path", () => {
    window.history.pushState({}, '', '/expert/questions/5');
    render(<RemoteDevHarness app="expert" pages={pages} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Expert question detail');
  });

  it('sends other paths to its first page', () => {
    window.history.pushState({}, '', '/');
    render(<RemoteDevHarness app="expert" pages={pages} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Expert Dashboard');
  });
});
