import { Component, type ReactNode } from 'react';
import { ErrorState } from '@cqa/web-ui';

export const REMOTE_LOAD_ERROR = "We couldn't load this part of Cancer Q&A. Check your connection and try again.";

interface Props {
  children: ReactNode;
  onRetry: () => void;
}

export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorState title="This page couldn't load" titleLevel={1} message={REMOTE_LOAD_ERROR} onRetry={this.retry} />;
  }
}
