import { Alert, Button, Progress, Space, Tag, Typography } from 'antd';
import {
  AI_ANSWER_DISCLAIMER, AI_ANSWER_STAGE_LABELS, AI_PROFILE_FIELD_LABELS, AiTexts, certaintyParts, EVIDENCE_LEVEL_LABELS, failedSearchesText, RETRACTION_STATUS_LABELS, RULES_ONLY_NOTE, withheldClaimsText, type AiAnswerDetails, type AiRunView, type AnswerView, type ClaimCheckView, type EvidenceGrade, type RetractionStatus, type UnsupportedClaim, isAiRunActive,
} from '@cqa/contracts';
import { formatDate, tagStyles } from './format';
import { ClaimCheckList } from './ClaimChecks';
import { Disclosure } from './Disclosure';
import { Markdown, SAFE_LINK_REL } from './Markdown';
import { StatementQuotes } from './StatementQuotes';
import { AiUiTexts } from './texts';

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

/**
 * 'Evidence certainty: Low — small sample (40 participants); the source rates its own evidence as low certainty', in
 * words; the grade alone for answers made before the rating had reasons. AI answers and deep research reports.
 */
export function CertaintyLine({ grade, reasons }: { grade: EvidenceGrade; reasons?: readonly string[] }) {
  const { label, why } = certaintyParts({ grade, reasons: reasons ?? [] });
  return (
    <Typography.Paragraph style={{ margin: '8px 0 0' }} data-testid="evidence-certainty">
      {AiUiTexts.certainty}: <strong>{label}</strong>
      {why ? ` — ${why}` : ''}
    </Typography.Paragraph>
  );
}

const asClaimCheck = (claim: UnsupportedClaim, i: number): ClaimCheckView => ({
  position: i + 1,
  section: null,
  text: claim.text,
  published: false,
  reasons: claim.reasons,
  rules: [],
  judge: claim.judge ?? null,
});

/**
 * A generated AI answer: the verified markdown with citations to its numbered sources (only those are links), the
 * certainty of its evidence with reasons, which literature searches could not be run, its sources, how many statements
 * were withheld (staff also see which and why), and the disclaimer.
 */
export function AiAnswerBody({ answer, details }: { answer: AnswerView; details: AiAnswerDetails }) {
  const withheld = details.withheld_count ?? details.unsupported_claims.length;
  return (
    <div>
      <Markdown citationHref={(n) => `#${aiSourceAnchor(answer.id, n)}`} linkPolicy="allowed" allowedHrefs={details.sources.map((s) => s.url)}>
        {answer.answer_text}
      </Markdown>
      {details.statements && <StatementQuotes statements={details.statements} sources={details.sources} />}
      {details.failed_searches && details.failed_searches.length > 0 && (
        <Typography.Paragraph style={{ margin: '8px 0 0' }} data-testid="failed-searches">
          {failedSearchesText(details.failed_searches)}
        </Typography.Paragraph>
      )}
      <CertaintyLine grade={details.grade} reasons={details.grade_reasons} />
      <Space wrap size={[16, 4]} style={{ margin: '8px 0' }}>
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
      {withheld > 0 && <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>{withheldClaimsText(withheld)}</Typography.Paragraph>}
      {details.support_check === 'rules_only' && <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>{RULES_ONLY_NOTE}</Typography.Paragraph>}
      {details.unsupported_claims.length > 0 && (
        <Disclosure title={AiUiTexts.withheldStaff}>
          <ClaimCheckList claims={details.unsupported_claims.map(asClaimCheck)} showStatus={false} label={AiUiTexts.withheldStaff} />
        </Disclosure>
      )}
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
  const active = isAiRunActive(run?.status);
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
          <Alert type="error" showIcon style={{ marginBottom: 16 }} title={AiUiTexts.failed} description={run.error ?? AiTexts.failed} />
        )}
      </div>
      {isAdmin && !configured && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={AiUiTexts.notConfigured} />}
      {action}
    </div>
  );
}
