import { Button, Space, Table, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { ResearchRetractionFlag } from '@cqa/contracts';
import { errorMessage, paths } from '@cqa/web-core';
import { EmptyState, ErrorState, excerpt, scrollingTable } from '@cqa/web-ui';
import { RESEARCH_FLAGS_TEXTS, OperationsColumnTexts } from '../texts';
import { useResearchFlagsQuery } from './api';

/** The deep-research tab of a question: where its report and the flag are shown. */
export const flaggedReportPath = (questionId: number) => `${paths.adminQuestion(questionId)}?tab=deep_research`;

/** Every retracted paper cited by a published deep research report, newest flag first, each linking to its question. */
export function ResearchFlagsTable() {
  const flags = useResearchFlagsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text>{RESEARCH_FLAGS_TEXTS.intro}</Typography.Text>
        <Button onClick={() => void flags.refetch()} loading={flags.isFetching}>
          {RESEARCH_FLAGS_TEXTS.refresh}
        </Button>
      </Space>
      {flags.isError ? (
        <ErrorState message={errorMessage(flags.error, RESEARCH_FLAGS_TEXTS.fetchFailed)} onRetry={() => void flags.refetch()} />
      ) : (
        <Table<ResearchRetractionFlag>
          {...scrollingTable}
          rowKey={(flag) => `${flag.runId}-${flag.doi ?? flag.pmid ?? flag.url}`}
          loading={flags.isLoading}
          dataSource={flags.data ?? []}
          locale={{ emptyText: <EmptyState message={RESEARCH_FLAGS_TEXTS.empty} /> }}
          pagination={{ pageSize: 25, hideOnSinglePage: true }}
          columns={[
            { title: OperationsColumnTexts.flagged, key: 'when', fixed: 'left', render: (_, flag) => new Date(flag.flaggedAt).toLocaleString() },
            {
              title: OperationsColumnTexts.question,
              key: 'question',
              render: (_, flag) => <Link to={flaggedReportPath(flag.questionId)}>{excerpt(flag.questionText, 90)}</Link>,
            },
            {
              title: OperationsColumnTexts.retractedPaper,
              key: 'paper',
              render: (_, flag) => (
                <a href={flag.url} target="_blank" rel="noopener noreferrer nofollow">
                  {flag.title}
                </a>
              ),
            },
            { title: OperationsColumnTexts.identifier, key: 'id', render: (_, flag) => (flag.doi ? `DOI ${flag.doi}` : flag.pmid ? `PMID ${flag.pmid}` : '–') },
          ]}
        />
      )}
    </>
  );
}
