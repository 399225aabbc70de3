import { render, screen } from '@testing-library/react';
import { LOG_FLAGS } from '@cqa/web-core';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

function Broken(): never {
  throw new Error('Loading chunk 12 failed');
}

describe('RemoteErrorBoundary', () => {
  afterEach(() => {
    window.localStorage.removeItem(LOG_FLAGS.debugMode);
    jest.restoreAllMocks();
  });

  it('logs which remote page failed to load and why, for support (debug mode on)', async () => {
    window.localStorage.setItem(LOG_FLAGS.debugMode, 'true');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RemoteErrorBoundary onRetry={jest.fn()} what="patient/PatientQuestionPage">
        <Broken />
      </RemoteErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith('[error] remote patient/PatientQuestionPage failed to load', { name: 'Error', message: 'Loading chunk 12 failed' });
  });
});
