import { Button } from 'antd';
import { LazyResult } from './LazyResult';

interface ErrorStateProps {
  message: string;
  onRetry?: () => void;
  title?: string;
  /** 1 when the error replaces a whole page, so the page still has its h1. */
  titleLevel?: 1 | 2 | 3;
}

export function ErrorState({ message, onRetry, title = 'Something went wrong', titleLevel = 2 }: ErrorStateProps) {
  const Heading = `h${titleLevel}` as const;
  return (
    <div role="alert">
      <LazyResult
        status="warning"
        title={<Heading style={{ fontSize: 24, margin: 0 }}>{title}</Heading>}
        subTitle={message}
        extra={
          onRetry && (
            <Button type="primary" onClick={onRetry}>
              Retry
            </Button>
          )
        }
      />
    </div>
  );
}
