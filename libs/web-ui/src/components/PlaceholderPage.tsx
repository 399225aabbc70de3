import { Typography } from 'antd';
import { PageTitle } from './PageTitle';

/** A screen whose issue has not landed yet: its heading, and an honest line saying so. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section>
      <PageTitle>{title}</PageTitle>
      <Typography.Paragraph>This screen is a placeholder; it arrives with its own issue.</Typography.Paragraph>
    </section>
  );
}
