import { Alert, Button, Progress, Space, Tag, Typography } from 'antd';
import {
  AI_ANSWER_DISCLAIMER,
  AI_ANSWER_STAGE_LABELS,
  AI_PROFILE_FIELD_LABELS,
  AiTexts,
  Messages,
  EVIDENCE_GRADE_LABELS,
  EVIDENCE_LEVEL_LABELS,
  RETRACTION_STATUS_LABELS,
  type AiAnswerDetails,
  type AiRunView,
  type AnswerView,
  type RetractionStatus,
} from '@cqa/contracts';
import { formatDate, tagStyles } from './format';
import { Markdown, SAFE_LINK_REL } from './Markdown';

/** Words of the AI answer view that the spec does not quote (ours). */
export const AiUiTexts = {
  grade: 'Evidence grade',
  model: 'Model',
  generated: 'Generated',
  sources: 'Sources',
  withheldSources: 'Sources not used',
  withheldClaims: (n: number) => (n === 1 ? '1 statement was left out: its sources did not support it.' : `${n} statements were left out: their sources did not support them.`),
  insufficient: 'Insufficient evidence',
  progressLabel: 'AI answer progress',
  step: (done: number, total: number) => `Step ${Math.min(done + 1, total)} of ${total}`,
  /** Spec section 7: a failed AI answer reads 'Failed to get AI answer'. */
  failed: Messages.errors.aiAnswerFailed,
  notConfigured: AiTexts.notConfigured,
} as const;

export const aiSourceAnchor = (answerId: number, n: number) => `ai-source-${answerId}-${n}`;

const RETRACTION_STYLE: Record<RetractionStatus, { color: string; background: string; borderColor: string }> = {
  retracted: { color: '#820014', background: '#fff1f0', borderColor: '#ffa39e' },
  clear: tagStyles.success,
  unknown: tagStyles.warning,
};

/** Text, not colour alone: 'Retracted', 'Not retracted', 'Retraction status unknown' (never shown as clear). */
export function RetractionBadge({ status }: { status: RetractionStatus }) {
  return <Tag style={RETRACTION_STYLE[status]}>{RETRACTION_STATUS_LABELS[status]}</Tag>;
}

/** A generated AI answer: the verified markdown with citations to its numbered sources, their evidence, and the disclaimer. */
export function AiAnswerBody({ answer, details }: { answer: AnswerView; details: AiAnswerDetails }) {
  const withheld = details.unsupported_claims.length;
  return (
    <div>
      <Markdown citationHref={(n) => `#${aiSourceAnchor(answer.id, n)}`}>{answer.answer_text}</Markdown>
      <Space wrap size={[16, 4]} style={{ margin: '8px 0' }}>
        <span>
          {AiUiTexts.grade}: <Tag style={tagStyles.success}>{EVIDENCE_GRADE_LABELS[details.grade]}</Tag>
        </span>
        <span>
          {AiUiTexts.model}: {details.model}
        </span>
        <span>
          {AiUiTexts.generated}: {formatDate(details.generated_at)}
        </span>
      </Space>
      {details.profile_fields_used.length > 0 && (
        <Typography.Paragraph style={{ margin: '4px 0' }}>
          {AiTexts.profileFieldsUsed} {details.profile_fields_used.map((f) => AI_PROFILE_FIELD_LABELS[f]).join(', ')}
        </Typography.Paragraph>
      )}
      {details.sources.length > 0 && (
        <div style={{ marginTop: 12 }}>
          <h4 style={{ fontSize: 14, margin: '0 0 4px' }}>{AiUiTexts.sources}</h4>
          <ol style={{ paddingLeft: 20, margin: 0, overflowWrap: 'anywhere' }}>
            {details.sources.map((source) => (
              <li key={source.number} id={aiSourceAnchor(answer.id, source.number)} tabIndex={-1} value={source.number}>
                <a href={source.url} target="_blank" rel={SAFE_LINK_REL} style={{ textDecoration: 'underline' }}>
                  {source.title}
                </a>
                {[source.journal, source.year].filter(Boolean).length > 0 && <> — {[source.journal, source.year].filter(Boolean).join(', ')}</>}{' '}
                <Tag>{EVIDENCE_LEVEL_LABELS[source.evidenceLevel]}</Tag>{' '}
                <RetractionBadge status={source.retraction} />
              </li>
            ))}
          </ol>
        </div>
      )}
      {details.excluded_sources.length > 0 && (
        <div style={{ marginTop: 12 }}>
          <h4 style={{ fontSize: 14, margin: '0 0 4px' }}>{AiUiTexts.withheldSources}</h4>
          <ul style={{ paddingLeft: 20, margin: 0, overflowWrap: 'anywhere' }}>
            {details.excluded_sources.map((source) => (
              <li key={source.url}>
                <a href={source.url} target="_blank" rel={SAFE_LINK_REL} style={{ textDecoration: 'underline' }}>
                  {source.title}
                </a>{' '}
                <RetractionBadge status={source.retraction} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {withheld > 0 && <Typography.Paragraph style={{ marginTop: 8 }}>{AiUiTexts.withheldClaims(withheld)}</Typography.Paragraph>}
      <Typography.Paragraph style={{ marginTop: 8, fontStyle: 'italic' }}>{AI_ANSWER_DISCLAIMER}</Typography.Paragraph>
    </div>
  );
}

interface AiRunPanelProps {
  run: AiRunView | null;
  configured: boolean;
  /** Admins see why a run failed, 'AI provider not configured', and the Generate / Regenerate / Retry button. */
  isAdmin: boolean;
  hasGenerated: boolean;
  onGenerate?: (regenerate: boolean) => void;
  generating?: boolean;
}

/** Above the AI tab's answers: the running job's stage and progress, why it failed, and the admin's actions. */
export function AiRunPanel({ run, configured, isAdmin, hasGenerated, onGenerate, generating = false }: AiRunPanelProps) {
  const active = run?.status === 'queued' || run?.status === 'running';
  const failed = run?.status === 'failed';
  const percent = run && run.total > 0 ? Math.round((run.done / run.total) * 100) : 0;
  const action =
    isAdmin && configured && !active && onGenerate ? (
      <Button onClick={() => onGenerate(hasGenerated || failed)} loading={generating} style={{ marginBottom: 16 }}>
        {failed ? AiTexts.retry : hasGenerated ? AiTexts.regenerate : AiTexts.generate}
      </Button>
    ) : null;
  return (
    <div>
      <div role="status" aria-live="polite">
        {active && run && (
          <div style={{ marginBottom: 16 }}>
            <Typography.Paragraph style={{ marginBottom: 4 }}>
              {AI_ANSWER_STAGE_LABELS[run.stage]}… ({AiUiTexts.step(run.done, run.total)})
            </Typography.Paragraph>
            <Progress percent={percent} status="active" aria-label={AiUiTexts.progressLabel} />
          </div>
        )}
        {failed && run && (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} message={AiUiTexts.failed} description={run.error ?? AiTexts.failed} />
        )}
      </div>
      {isAdmin && !configured && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={AiUiTexts.notConfigured} />}
      {action}
    </div>
  );
}
