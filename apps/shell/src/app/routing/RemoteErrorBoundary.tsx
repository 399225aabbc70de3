import { Component, type ReactNode } from 'react';
import { logRemoteLoadFailure } from '@cqa/web-core';
import { ErrorState } from '@cqa/web-ui';
import { ShellTexts } from '../texts';

export const REMOTE_LOAD_ERROR = "We couldn't load this part of Cancer Q&A. Check your connection and try again.";

interface Props {
  children: ReactNode;
  onRetry: () => void;
  /** What is loading ('patient/PatientQuestionPage'), for the log support reads. */
  what?: string;
}

export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    logRemoteLoadFailure(this.props.what ?? 'page', error);
  }

  retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorState title={ShellTexts.remoteLoadFailed} titleLevel={1} message={REMOTE_LOAD_ERROR} onRetry={this.retry} />;
  }
}
