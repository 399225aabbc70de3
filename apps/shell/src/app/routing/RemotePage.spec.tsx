import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemotePage } from './RemotePage';
import { REMOTE_LOAD_ERROR } from './RemoteErrorBoundary';
import { createRemotePageResolver, type RemotePagesModule } from './remote-pages';

const pagesModule: RemotePagesModule = { default: { dashboard: () => <h1>Expert Dashboard</h1> } };

describe('RemotePage', () => {
  // React reports errors caught by boundaries on console.error; they are expected here.
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows Loading, then the remote page', async () => {
    const load = jest.fn().mockResolvedValue(pagesModule);
    render(<RemotePage remote="expert" page="dashboard" resolver={createRemotePageResolver(load)} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { name: 'Expert Dashboard' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('expert');
  });

  it('shows the error with Retry when the remote fails, and a successful retry renders the page', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('remoteEntry.js 404')).mockResolvedValueOnce(pagesModule);
    render(<RemotePage remote="expert" page="dashboard" resolver={createRemotePageResolver(load)} />);

    expect(await screen.findByRole('alert')).toHaveTextContent(REMOTE_LOAD_ERROR);
    expect(REMOTE_LOAD_ERROR).toBe("We couldn't load this part of Cancer Q&A. Check your connection and try again.");

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Expert Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps offering Retry while the remote stays down', async () => {
    const load = jest.fn().mockRejectedValue(new Error('offline'));
    render(<RemotePage remote="admin" page="dashboard" resolver={createRemotePageResolver(load)} />);
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REMOTE_LOAD_ERROR);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('treats a remote without the page as a failure', async () => {
    const load = jest.fn().mockResolvedValue(pagesModule);
    render(<RemotePage remote="expert" page="answerReview" resolver={createRemotePageResolver(load)} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(REMOTE_LOAD_ERROR);
  });
});

describe('createRemotePageResolver', () => {
  it('loads a remote once for all its pages and nothing before a page is rendered', async () => {
    const load = jest.fn().mockResolvedValue(pagesModule);
    const resolver = createRemotePageResolver(load);
    const Page = resolver.page('expert', 'dashboard');
    expect(resolver.page('expert', 'dashboard')).toBe(Page);
    expect(load).not.toHaveBeenCalled();

    render(<Page />);
    await screen.findByRole('heading', { name: 'Expert Dashboard' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preloads a remote once, which its pages then use', async () => {
    const load = jest.fn().mockResolvedValue(pagesModule);
    const resolver = createRemotePageResolver(load);
    resolver.preload('expert');
    expect(load).toHaveBeenCalledWith('expert');
    const Page = resolver.page('expert', 'dashboard');
    render(<Page />);
    await screen.findByRole('heading', { name: 'Expert Dashboard' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed preload, so the page loads the remote again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(pagesModule);
    const resolver = createRemotePageResolver(load);
    resolver.preload('expert');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const Page = resolver.page('expert', 'dashboard');
    render(<Page />);
    await screen.findByRole('heading', { name: 'Expert Dashboard' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
