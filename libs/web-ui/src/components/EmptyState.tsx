import { Empty } from 'antd';

export function EmptyState({ message }: { message: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={message} />;
}
