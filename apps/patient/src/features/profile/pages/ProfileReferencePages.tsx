import { Table, Typography } from 'antd';
import { KARNOFSKY_SCALE, ProfileTexts, SYMPTOM_CATEGORIES, SYMPTOM_CATEGORY_LABELS, SYMPTOMS_BY_CATEGORY } from '@cqa/contracts';
import { PageTitle } from '@cqa/web-ui';
import { ProfileScreenTexts } from '../texts';

/** The performance-scale document the consolidated profile links to, generated from the schema's Karnofsky scale. */
export function PerformanceScalePage() {
  return (
    <article>
      <PageTitle>{ProfileTexts.performanceScaleLink}</PageTitle>
      <Table
        rowKey="score"
        pagination={false}
        dataSource={[...KARNOFSKY_SCALE]}
        columns={[
          { title: ProfileScreenTexts.scoreColumn, dataIndex: 'score', key: 'score', width: 100 },
          { title: ProfileScreenTexts.descriptionColumn, dataIndex: 'description', key: 'description' },
        ]}
      />
    </article>
  );
}

/** The review-of-systems symptom list the consolidated profile links to: every body system and its symptoms. */
export function ReviewOfSystemsPage() {
  const systems = SYMPTOM_CATEGORIES.filter((c) => c !== 'None' && c !== 'Other');
  return (
    <article>
      <PageTitle>{ProfileTexts.reviewOfSystemsLink}</PageTitle>
      {systems.map((category) => (
        <section key={category}>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            {SYMPTOM_CATEGORY_LABELS[category]}
          </Typography.Title>
          <ul>
            {SYMPTOMS_BY_CATEGORY[category].map((symptom) => (
              <li key={symptom}>{symptom}</li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}
