import { useState, type ReactNode } from 'react';
import { Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { AI_ANSWER_STAGE_LABELS, RESEARCH_DATABASE_LABELS, type AiRunAdminRow, type AiRunQueryView, type ClaimCheckView } from '@cqa/contracts';
import { errorMessage, paths } from '@cqa/web-core';
import { ClaimCheckList, EmptyState, ErrorState, excerpt, LoadingState, scrollingTable } from '@cqa/web-ui';
import { AI_RUNS_TEXTS, OperationsColumnTexts } from '../texts';
import { useAiRunClaimsQuery, useAiRunQueriesQuery, useAiRunsQuery } from './api';

const PER_PAGE = 25;

interface RunPartTexts {
  errorTitle: string;
  fetchFailed: string;
  loading: string;
  empty: string;
}

/** A part of an opened run that loads on its own: its error with Retry, its loading and empty states, then its list. */
function RunPart<T>({ query, texts, children }: {
  query: { data?: T[]; isError: boolean; error?: unknown; refetch: () => unknown };
  texts: RunPartTexts;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isError) {
    return <ErrorState title={texts.errorTitle} titleLevel={3} message={errorMessage(query.error, texts.fetchFailed)} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return <LoadingState label={texts.loading} />;
  if (query.data.length === 0) return <EmptyState message={texts.empty} />;
  return <>{children(query.data)}</>;
}

/** What left the platform: every literature query the run sent, where, from which plan, and what came back. */
export function AiRunQueries({ runId }: { runId: number }) {
  const t = AI_RUNS_TEXTS;
  return (
    <RunPart<AiRunQueryView> query={useAiRunQueriesQuery(runId)} texts={{ errorTitle: t.queriesErrorTitle, fetchFailed: t.queriesFetchFailed, loading: t.queriesLoading, empty: t.noQueries }}>
      {(queries) => (
        <ol aria-label={t.queriesHeading} style={{ margin: 0, paddingInlineStart: 20, overflowWrap: 'anywhere' }}>
          {queries.map((q, i) => (
            <li key={i}>
              {RESEARCH_DATABASE_LABELS[q.database]}, {t.step(q.step)}, {t.querySource[q.source]}: <code>{q.query}</code> — {t.found(q.found, q.error)}
            </li>
          ))}
        </ol>
      )}
    </RunPart>
  );
}

/** An opened row: what the run searched for, then how it decided each claim. */
function AiRunDetails({ runId }: { runId: number }) {
  return (
    <div>
      <h3 style={{ fontSize: 14, margin: '0 0 4px' }}>{AI_RUNS_TEXTS.queriesHeading}</h3>
      <AiRunQueries runId={runId} />
      <h3 style={{ fontSize: 14, margin: '12px 0 4px' }}>{AI_RUNS_TEXTS.claimsHeading}</h3>
      <AiRunClaims runId={runId} />
    </div>
  );
}

/** An opened row: every claim of the run, published or withheld, with each rule's result and the judge's verdict. */
export function AiRunClaims({ runId }: { runId: number }) {
  const t = AI_RUNS_TEXTS;
  return (
    <RunPart<ClaimCheckView> query={useAiRunClaimsQuery(runId)} texts={{ errorTitle: t.claimsErrorTitle, fetchFailed: t.claimsFetchFailed, loading: t.claimsLoading, empty: t.noClaims }}>
      {(claims) => <ClaimCheckList claims={claims} rules="all" />}
    </RunPart>
  );
}

const seconds = (ms: number | null) => (ms == null ? '—' : `${(ms / 1000).toFixed(1)} s`);
const dollars = (usd: number | null) => (usd == null ? '—' : `$${usd.toFixed(4)}`);

/**
 * Every AI answer run, newest first: question, trigger, status, model, tokens, cost and duration (per stage on hover);
 * a row opens to the run's checked claims (loaded when opened).
 */
export function AiRunsTable() {
  const [page, setPage] = useState(1);
  const runs = useAiRunsQuery(page);
  if (runs.isError) return <ErrorState message={errorMessage(runs.error, AI_RUNS_TEXTS.fetchFailed)} />;
  const limits = runs.data?.limits;
  return (
    <>
      {limits && <p style={{ margin: '0 0 8px' }}>{AI_RUNS_TEXTS.limits(limits)}</p>}
      <Table<AiRunAdminRow>
        {...scrollingTable}
        rowKey="id"
        loading={runs.isLoading}
        dataSource={runs.data?.items ?? []}
        locale={{ emptyText: <EmptyState message={AI_RUNS_TEXTS.empty} /> }}
        pagination={{ current: page, pageSize: PER_PAGE, total: runs.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: true }}
        expandable={{ expandedRowRender: (run) => <AiRunDetails runId={run.id} />, fixed: 'left' }}
        columns={[
          { title: OperationsColumnTexts.run, dataIndex: 'id', key: 'id', fixed: 'left' },
          {
            title: OperationsColumnTexts.question,
            key: 'question',
            render: (_, run) => <Link to={paths.adminQuestion(run.question_id)}>{excerpt(run.question_text, 80)}</Link>,
          },
          { title: OperationsColumnTexts.trigger, key: 'trigger', render: (_, run) => AI_RUNS_TEXTS.trigger[run.trigger] },
          {
            title: OperationsColumnTexts.status,
            key: 'status',
            render: (_, run) => (
              <span>
                <Tag>{AI_RUNS_TEXTS.status[run.status]}</Tag>
                {run.status === 'running' && AI_ANSWER_STAGE_LABELS[run.stage]}
                {run.status === 'failed' && run.error}
              </span>
            ),
          },
          { title: OperationsColumnTexts.model, key: 'model', render: (_, run) => run.model ?? '—' },
          { title: OperationsColumnTexts.tokens, key: 'tokens', render: (_, run) => `${run.prompt_tokens} / ${run.completion_tokens}` },
          { title: OperationsColumnTexts.cost, key: 'cost', render: (_, run) => dollars(run.cost_usd) },
          {
            title: OperationsColumnTexts.duration,
            key: 'duration',
            render: (_, run) => (
              <span
                title={
                  run.timings
                    ? `retrieval ${seconds(run.timings.retrieval)}, model ${seconds(run.timings.model)}, verification ${seconds(run.timings.verification)}, publish ${seconds(run.timings.publish)}`
                    : undefined
                }
              >
                {seconds(run.duration_ms)}
              </span>
            ),
          },
        ]}
      />
    </>
  );
}
