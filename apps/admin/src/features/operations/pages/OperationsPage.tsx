import { useState, type ComponentType } from 'react';
import { Tabs } from 'antd';
import { PageTitle } from '@cqa/web-ui';
import { AccessLogTable } from '../access-log/AccessLogTable';
import { AiRunsTable } from '../ai-runs/AiRunsTable';
import { ResearchFlagsTable } from '../research-flags/ResearchFlagsTable';
import { AuthLogTable } from '../sign-in-log/AuthLogTable';
import { OperationsTexts as t } from '../texts';

type TabKey = keyof typeof t.tabs;

const CONTENT: Record<TabKey, ComponentType> = {
  log: AuthLogTable,
  access: AccessLogTable,
  ai: AiRunsTable,
  research: ResearchFlagsTable,
};

/**
 * Ours, beside the spec's User Management: the sign-in log (failed sign-ins too), the access log of patient profiles
 * (the audit trail), the AI answer runs and the deep research reports flagged for citing a retracted paper.
 */
export function OperationsPage() {
  const [tab, setTab] = useState<TabKey>('log');
  const Content = CONTENT[tab];
  return (
    <section>
      <PageTitle>{t.title}</PageTitle>
      {/* The open tab's content sits inside its tabpanel, so a screen reader moving into the panel finds it. */}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={(Object.keys(t.tabs) as TabKey[]).map((key) => ({ key, label: t.tabs[key], children: key === tab ? <Content /> : null }))}
      />
    </section>
  );
}
