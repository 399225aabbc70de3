import { Typography } from 'antd';
import { PageTitle } from '@cqa/web-ui';

export function LandingPage() {
  return (
    <section>
      <PageTitle>An AI-powered network of top cancer researchers</PageTitle>
      <Typography.Paragraph style={{ fontSize: 18 }}>
        Our mission is to give people the latest scientific information in the non-FDA-regulated, investigative space
        for cancer prevention and treatment.
      </Typography.Paragraph>
      <Typography.Paragraph>
        Patients ask questions and get answers from an AI model, community discussions, cancer experts and AI deep
        research.
      </Typography.Paragraph>
      <Typography.Paragraph>Sign-in and registration arrive with the accounts issue.</Typography.Paragraph>
    </section>
  );
}
