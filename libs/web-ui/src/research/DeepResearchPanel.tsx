import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, InputNumber, Progress, Space, Table, Tag, Typography } from 'antd';
import {
  EVIDENCE_LEVEL_LABELS, RESEARCH_DATABASE_LABELS, RESEARCH_DATABASES, RESEARCH_STAGE_LABELS, RESEARCH_STATUS_LABELS, RESEARCH_REQUEST_OPEN_STATES, RETRACTION_STATUS_LABELS, RULES_ONLY_NOTE, ResearchRequestTexts, ResearchTexts, type ClaimCheckView, type ResearchLatest, type ResearchPlan, type ResearchReport, isResearchActive,
} from '@cqa/contracts';
import { CertaintyLine } from '../qa/AiAnswer';
import { ClaimCheckList } from '../qa/ClaimChecks';
import { Disclosure } from '../qa/Disclosure';
import { tagStyles } from '../qa/format';
import { Markdown } from '../qa/Markdown';
import { StatementQuotes } from '../qa/StatementQuotes';
import { ResearchUiTexts, DeepResearchPanelTexts } from './texts';

const sectionLabel = (section: string) => ResearchUiTexts.sections[section] ?? section;

export interface DeepResearchPanelProps {
  latest: ResearchLatest | undefined;
  busy: boolean;
  start: () => Promise<boolean>;
  savePlan: (plan: ResearchPlan) => Promise<boolean>;
  approve: () => Promise<boolean>;
  cancel: () => Promise<boolean>;
  retry: () => Promise<boolean>;
  /** The question's asker asks for deep research (issue 38), or cancels the request before review. */
  request?: () => Promise<boolean>;
  cancelRequest?: () => Promise<boolean>;
}

/** Tag colours with AA contrast (antd's preset green and red text fall short on their light backgrounds). */
const RETRACTION_TAG = { retracted: tagStyles.danger, clear: tagStyles.success, unknown: tagStyles.warning } as const;


/** The Deep Research tab's own part: start, plan review, live progress, cancel and retry, and the run's report. */
export function DeepResearchPanel({ latest, busy, start, savePlan, approve, cancel, retry, request, cancelRequest }: DeepResearchPanelProps) {
  if (!latest) return null;
  const run = latest.run;
  const control = latest.mayControl;
  const active = isResearchActive(run?.status);
  // Everyone else reads the report in its answer card; here, each of its published statements opens to its quotes.
  const statements = !control && run?.report?.statements?.length ? run.report.statements : null;
  // The asker's request (theirs only: the API sends it to them and to staff); staff follow requests in their queue.
  const showRequest = !control && (Boolean(latest.mayRequest) || Boolean(latest.request && latest.request.state !== 'cancelled'));
  if (!control && !statements && !run?.flags.length && !showRequest) return null;
  return (
    <section aria-label={DeepResearchPanelTexts.section} style={{ marginBottom: 16 }}>
      {showRequest && <ResearchRequestBox latest={latest} busy={busy} request={request} cancelRequest={cancelRequest} />}
      {control && !active && latest.aiConfigured && (
        <Button type="primary" onClick={start} loading={busy} style={{ marginBottom: 12 }}>
          {run ? ResearchTexts.startAgain : ResearchTexts.start}
        </Button>
      )}
      {run && control && (
        <div style={{ marginBottom: 12 }}>
          <p aria-live="polite" role="status" data-testid="research-status">
            {RESEARCH_STATUS_LABELS[run.status]}
            {run.status === 'running' || run.status === 'queued' ? ` — ${RESEARCH_STAGE_LABELS[run.stage]} (${run.progress.done}/${run.progress.total} steps)` : ''}
          </p>
          {run.status === 'running' && run.progress.total > 0 && (
            <Progress percent={Math.round((100 * run.progress.done) / run.progress.total)} aria-label={DeepResearchPanelTexts.progress} />
          )}
          {run.status === 'failed' && <Alert type="error" showIcon title={run.error ?? 'The run failed.'} description={run.failedStep ? `Step: ${run.failedStep}` : undefined} />}
          <Space style={{ marginTop: 8 }}>
            {active && <Button danger onClick={cancel} loading={busy}>{ResearchTexts.cancel}</Button>}
            {run.status === 'failed' && <Button onClick={retry} loading={busy}>{ResearchTexts.retry}</Button>}
          </Space>
        </div>
      )}
      {run?.status === 'awaiting_approval' && control && run.plan && (
        <PlanForm key={run.id} plan={run.plan} busy={busy} onSave={savePlan} onApprove={async (plan) => (await savePlan(plan)) && approve()} />
      )}
      {run?.flags.length ? <Alert type="warning" showIcon title={ResearchTexts.retractedFlag} description={run.flags.map((f) => f.title).join('; ')} style={{ marginBottom: 12 }} /> : null}
      {run?.report && control && <ResearchReportView report={run.report} claimChecks={run.claimChecks} />}
      {statements && <StatementQuotes statements={statements} sources={run!.report!.references} sectionLabel={sectionLabel} headingLevel={3} />}
    </section>
  );
}

/**
 * The asker's part of the tab: what deep research is, that an expert reviews its plan first and how long it takes,
 * the button that asks for it, then the request's state (and a decline's reason), with a cancel before review.
 */
export function ResearchRequestBox({ latest, busy, request, cancelRequest }: Pick<DeepResearchPanelProps, 'latest' | 'busy' | 'request' | 'cancelRequest'>) {
  const current = latest?.request && latest.request.state !== 'cancelled' ? latest.request : null;
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="research-request">
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 0 }}>
        {current ? ResearchRequestTexts.stateHeading : ResearchRequestTexts.askButton}
      </Typography.Title>
      {current ? (
        <>
          <p role="status" aria-live="polite" data-testid="research-request-state" data-state={current.state} style={{ margin: '0 0 8px' }}>
            {ResearchRequestTexts.states[current.state]}
          </p>
          {current.state === 'declined' && current.declineReason && (
            <Alert
              type="info"
              showIcon
              title={ResearchRequestTexts.declineReasonLabel}
              description={<span data-testid="research-decline-reason" style={{ whiteSpace: 'pre-wrap' }}>{current.declineReason}</span>}
              style={{ marginBottom: 8 }}
            />
          )}
          {RESEARCH_REQUEST_OPEN_STATES.includes(current.state) && <Typography.Paragraph style={{ marginBottom: 8 }}>{ResearchRequestTexts.duration}</Typography.Paragraph>}
          {current.state === 'requested' && cancelRequest && (
            <Button onClick={cancelRequest} loading={busy}>{ResearchRequestTexts.cancelButton}</Button>
          )}
        </>
      ) : (
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }}>{ResearchRequestTexts.explanation}</Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 8 }}>{ResearchRequestTexts.reviewNote}</Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 8 }}>{ResearchRequestTexts.duration}</Typography.Paragraph>
          {latest?.request?.state === 'cancelled' && <p role="status" style={{ margin: '0 0 8px' }}>{ResearchRequestTexts.states.cancelled}</p>}
          {latest?.mayRequest && request && (
            <Button type="primary" onClick={request} loading={busy}>{ResearchRequestTexts.askButton}</Button>
          )}
        </>
      )}
    </Card>
  );
}

function PlanForm({ plan, busy, onSave, onApprove }: { plan: ResearchPlan; busy: boolean; onSave: (p: ResearchPlan) => Promise<boolean>; onApprove: (p: ResearchPlan) => Promise<boolean> }) {
  const [draft, setDraft] = useState<ResearchPlan>(plan);
  const setSub = (i: number, change: Partial<ResearchPlan['subQuestions'][number]>) =>
    setDraft((d) => ({ ...d, subQuestions: d.subQuestions.map((s, j) => (j === i ? { ...s, ...change, queries: { ...s.queries, ...(change.queries ?? {}) } } : s)) }));
  return (
    <Card title={DeepResearchPanelTexts.reviewPlan} size="small" style={{ marginBottom: 12 }}>
      {draft.subQuestions.map((sq, i) => (
        <fieldset key={i} style={{ border: '1px solid #ddd', padding: 8, marginBottom: 8 }}>
          <legend>Sub-question {i + 1}</legend>
          <div>
            Text
            <Input.TextArea aria-label={`Sub-question ${i + 1}`} value={sq.question} autoSize onChange={(e) => setSub(i, { question: e.target.value })} />
          </div>
          {RESEARCH_DATABASES.map((db) => (
            <div key={db} style={{ display: 'block' }}>
              {RESEARCH_DATABASE_LABELS[db]} query
              <Input aria-label={`Sub-question ${i + 1} ${RESEARCH_DATABASE_LABELS[db]} query`} value={sq.queries[db]} onChange={(e) => setSub(i, { queries: { ...sq.queries, [db]: e.target.value } })} />
            </div>
          ))}
          {draft.subQuestions.length > 2 && (
            <Button size="small" onClick={() => setDraft((d) => ({ ...d, subQuestions: d.subQuestions.filter((_, j) => j !== i) }))}>Remove sub-question</Button>
          )}
        </fieldset>
      ))}
      {draft.subQuestions.length < 5 && (
        <Button size="small" onClick={() => setDraft((d) => ({ ...d, subQuestions: [...d.subQuestions, { question: '', queries: { pubmed: '', europepmc: '', ctgov: '' } }] }))}>
          Add sub-question
        </Button>
      )}
      <div style={{ display: 'block', marginTop: 8 }}>
        Inclusion criteria (one per line)
        <Input.TextArea aria-label={DeepResearchPanelTexts.inclusionCriteria} autoSize value={draft.inclusionCriteria.join('\n')} onChange={(e) => setDraft((d) => ({ ...d, inclusionCriteria: e.target.value.split('\n') }))} />
      </div>
      <Space style={{ marginTop: 8 }}>
        <div>From year <InputNumber aria-label={DeepResearchPanelTexts.fromYear} value={draft.yearFrom} onChange={(v) => setDraft((d) => ({ ...d, yearFrom: Number(v) }))} /></div>
        <div>To year <InputNumber aria-label={DeepResearchPanelTexts.toYear} value={draft.yearTo} onChange={(v) => setDraft((d) => ({ ...d, yearTo: Number(v) }))} /></div>
      </Space>
      <Space style={{ marginTop: 12, display: 'flex' }}>
        <Button onClick={() => onSave(clean(draft))} loading={busy}>Save plan</Button>
        <Button type="primary" onClick={() => onApprove(clean(draft))} loading={busy}>{ResearchTexts.approve}</Button>
      </Space>
    </Card>
  );
}

const clean = (p: ResearchPlan): ResearchPlan => ({ ...p, inclusionCriteria: p.inclusionCriteria.map((c) => c.trim()).filter(Boolean) });

/**
 * The structured report: notes, certainty of the evidence with its reasons, summary, method counts and queries,
 * evidence table, references with badges, limits; for staff (`claimChecks` is empty for anyone else) each statement
 * as the verifier decided it. Only the report's own references and studies are links in its text.
 */
export function ResearchReportView({ report, claimChecks = [] }: { report: ResearchReport; claimChecks?: readonly ClaimCheckView[] }) {
  const c = report.counts;
  const allowedHrefs = [...report.references.map((r) => r.url), ...report.evidenceTable.map((r) => r.url)];
  return (
    <Card title={DeepResearchPanelTexts.report} size="small">
      {report.partial && <Alert type="warning" showIcon title={ResearchTexts.partialNote} description={report.partialReason ?? undefined} />}
      {report.unsearched.length > 0 && <Alert type="info" showIcon title={ResearchTexts.couldNotSearch(report.unsearched.join(', '))} />}
      {report.failedSearches && report.failedSearches.length > 0 && <Alert type="info" showIcon title={ResearchTexts.someSearchesFailed(report.failedSearches)} />}
      {report.certainty && <CertaintyLine grade={report.certainty.grade} reasons={report.certainty.reasons} />}
      {report.support_check === 'rules_only' && <Typography.Paragraph style={{ margin: '8px 0 0' }}>{RULES_ONLY_NOTE}</Typography.Paragraph>}
      <Typography.Title level={3} style={{ fontSize: 16 }}>{ResearchUiTexts.sections.patient_summary}</Typography.Title>
      <Markdown linkPolicy="allowed" allowedHrefs={allowedHrefs}>
        {report.patientSummary}
      </Markdown>
      {report.statements && <StatementQuotes statements={report.statements} sources={report.references} sectionLabel={sectionLabel} />}
      <Typography.Title level={3} style={{ fontSize: 16 }}>Method</Typography.Title>
      <Descriptions size="small" column={1} bordered data-testid="research-counts">
        <Descriptions.Item label={DeepResearchPanelTexts.counts.found}>{c.found}</Descriptions.Item>
        <Descriptions.Item label={DeepResearchPanelTexts.counts.afterDedupe}>{c.afterDedupe}</Descriptions.Item>
        <Descriptions.Item label={DeepResearchPanelTexts.counts.screened}>{c.screened}</Descriptions.Item>
        <Descriptions.Item label={DeepResearchPanelTexts.counts.excluded}>
          {c.excluded}
          {c.excludedReasons.length > 0 && ` (${c.excludedReasons.map((r) => `${r.reason}: ${r.count}`).join('; ')})`}
        </Descriptions.Item>
        <Descriptions.Item label={DeepResearchPanelTexts.counts.included}>{c.included}</Descriptions.Item>
      </Descriptions>
      <ul aria-label={DeepResearchPanelTexts.queries}>
        {report.queries.map((q, i) => (
          <li key={i}>
            {RESEARCH_DATABASE_LABELS[q.database]}, sub-question {q.subQuestion}, {q.searchedAt.slice(0, 10)}: <code>{q.query}</code> —{' '}
            {q.error ? 'could not be searched' : `${q.found} records`}
          </li>
        ))}
      </ul>
      <Typography.Title level={3} style={{ fontSize: 16 }}>Evidence table</Typography.Title>
      <Typography.Paragraph>{ResearchTexts.evidenceTableNote}</Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="url"
        dataSource={report.evidenceTable}
        aria-label={DeepResearchPanelTexts.evidenceTable}
        scroll={{ x: true }}
        columns={[
          { title: DeepResearchPanelTexts.columns.ref, dataIndex: 'number', fixed: 'left', render: (n: number | null) => (n ? `[${n}]` : '–') },
          { title: DeepResearchPanelTexts.columns.study, dataIndex: 'title', render: (t: string, r) => <a href={r.url} target="_blank" rel="noopener noreferrer nofollow" style={{ textDecoration: 'underline' }}>{t}</a> },
          { title: DeepResearchPanelTexts.columns.year, dataIndex: 'year' },
          { title: ResearchUiTexts.aiColumn('Design'), dataIndex: 'design', render: (s: string | null) => s ?? '–' },
          { title: ResearchUiTexts.aiColumn('Participants'), dataIndex: 'sampleSize', render: (s: string | null) => s ?? '–' },
          { title: ResearchUiTexts.aiColumn('Key result'), dataIndex: 'keyResult', render: (s: string | null) => s ?? '–' },
          {
            title: ResearchUiTexts.quoteColumn,
            dataIndex: 'quote',
            render: (q: string | null | undefined) => (q ? <blockquote style={{ margin: 0, fontStyle: 'italic' }}>“{q}”</blockquote> : '–'),
          },
          { title: DeepResearchPanelTexts.columns.relevance, dataIndex: 'relevance', render: (r: number) => `${r}/10` },
          { title: DeepResearchPanelTexts.columns.evidenceLevel, dataIndex: 'evidenceLevel', render: (l: keyof typeof EVIDENCE_LEVEL_LABELS) => EVIDENCE_LEVEL_LABELS[l] },
        ]}
      />
      <Typography.Title level={3} style={{ fontSize: 16 }}>References</Typography.Title>
      <ol aria-label={DeepResearchPanelTexts.references}>
        {report.references.map((r) => (
          <li key={r.number}>
            <a href={r.url} target="_blank" rel="noopener noreferrer nofollow" style={{ textDecoration: 'underline' }}>{r.title}</a> {r.journal ? `${r.journal}, ` : ''}{r.year ?? ''}{' '}
            <Tag>{EVIDENCE_LEVEL_LABELS[r.evidenceLevel]}</Tag>
            <Tag style={RETRACTION_TAG[r.retraction]}>{RETRACTION_STATUS_LABELS[r.retraction]}</Tag>
          </li>
        ))}
      </ol>
      <Typography.Title level={3} style={{ fontSize: 16 }}>Limits</Typography.Title>
      <ul>{report.limits.map((l, i) => <li key={i}>{l}</li>)}</ul>
      {claimChecks.length > 0 && (
        <Disclosure headingLevel={3} title={ResearchUiTexts.claimChecks(claimChecks.length, claimChecks.filter((cl) => !cl.published).length)}>
          <ClaimCheckList claims={claimChecks} rules="failed" sectionLabel={sectionLabel} />
        </Disclosure>
      )}
    </Card>
  );
}
