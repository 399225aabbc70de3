import { CheckCircleOutlined, ClockCircleOutlined, MinusCircleOutlined, StarFilled } from '@ant-design/icons';
import {
  AI_ANSWER_STAGE_LABELS, ANSWER_KINDS, ANSWER_KIND_LABELS, EVIDENCE_GRADE_LABELS, RESEARCH_REQUEST_OPEN_STATES, RESEARCH_STAGE_LABELS,
  ResearchRequestTexts, roundRating,
  type AiAnswerStage, type AnswerKind, type AnswerView, type ResearchStage, type SourceGlance,
} from '@cqa/contracts';
import { formatAverage } from './format';
import { QaUiTexts } from './texts';
import { VisuallyHidden } from './VisuallyHidden';

/** The stage of a working run in words ('Writing the answer'); null for a stage we do not know. */
export function stageLabel(kind: AnswerKind, stage: string | null): string | null {
  if (!stage) return null;
  if (kind === 'ai') return AI_ANSWER_STAGE_LABELS[stage as AiAnswerStage] ?? null;
  if (kind === 'deep_research') return RESEARCH_STAGE_LABELS[stage as ResearchStage] ?? null;
  return null;
}

/**
 * What the answers alone tell, for a question the server sent without its glance: answered or not, the AI answer's
 * grade, and the average of all ratings (each answer's average weighted by its count).
 */
export function glanceFromAnswers(answers: Record<AnswerKind, AnswerView[]>): Record<AnswerKind, SourceGlance> {
  return Object.fromEntries(
    ANSWER_KINDS.map((kind) => {
      const list = answers[kind] ?? [];
      const count = list.reduce((sum, a) => sum + a.rating_count, 0);
      const total = list.reduce((sum, a) => sum + (a.average_rating ?? 0) * a.rating_count, 0);
      const glance: SourceGlance = {
        state: list.length > 0 ? 'answered' : 'none',
        stage: null,
        grade: list.find((a) => a.ai_details?.grade)?.ai_details?.grade ?? null,
        average_rating: count > 0 ? roundRating(total / count) : null,
        rating_count: count,
      };
      return [kind, glance];
    }),
  ) as Record<AnswerKind, SourceGlance>;
}

const ICON = { answered: CheckCircleOutlined, working: ClockCircleOutlined, none: MinusCircleOutlined } as const;
const ICON_COLOR = { answered: '#237804', working: '#0958d9', none: '#595959' } as const;

/**
 * Above the answer tabs: per source, whether it answered (or is working on it, and at what stage), the evidence grade
 * where it has one and its average rating, so a reader sees at once where the answers agree in strength and where one
 * is missing. Read-only: the tabs below are where each source's answers open.
 */
export function SourcesAtAGlance({ glance, answers }: { glance?: Record<AnswerKind, SourceGlance>; answers: Record<AnswerKind, AnswerView[]> }) {
  const shown = glance ?? glanceFromAnswers(answers);
  return (
    <section aria-labelledby="sources-at-a-glance" data-testid="sources-at-a-glance" style={{ marginBottom: 12 }}>
      <h3 id="sources-at-a-glance" style={{ fontSize: 15, margin: '0 0 8px' }}>
        {QaUiTexts.glanceHeading}
      </h3>
      <ul
        style={{
          listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: 8,
        }}
      >
        {ANSWER_KINDS.map((kind) => {
          const source = shown[kind];
          // The asker's deep research request, while no report is published (issue 38).
          const request = source.state !== 'answered' && source.request && source.request !== 'cancelled' ? source.request : null;
          const Icon = ICON[request && RESEARCH_REQUEST_OPEN_STATES.includes(request) ? 'working' : source.state];
          const iconColor = ICON_COLOR[request && RESEARCH_REQUEST_OPEN_STATES.includes(request) ? 'working' : source.state];
          const count = (answers[kind] ?? []).length;
          const stage = stageLabel(kind, source.stage);
          const average = formatAverage(source.average_rating);
          return (
            <li
              key={kind}
              data-testid={`glance-${kind}`}
              data-state={source.state}
              data-request={request ?? undefined}
              style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 10px', background: '#fafafa', fontSize: 13, lineHeight: 1.4 }}
            >
              <strong style={{ display: 'block', fontSize: 14 }}>{ANSWER_KIND_LABELS[kind]}</strong>
              <span style={{ display: 'block' }}>
                <Icon aria-hidden style={{ color: iconColor, marginRight: 4 }} />
                {request ? (
                  <span data-testid="glance-research-request">{ResearchRequestTexts.glance[request]}</span>
                ) : (
                  <>
                    {source.state === 'answered' ? QaUiTexts.glanceAnswered(count) : source.state === 'working' ? QaUiTexts.glanceWorking : QaUiTexts.glanceNotYet}
                    {source.state === 'working' && stage ? `: ${stage}` : ''}
                  </>
                )}
              </span>
              {source.grade && (
                <span style={{ display: 'block' }} data-testid={`glance-${kind}-grade`}>
                  {QaUiTexts.glanceEvidence}: {EVIDENCE_GRADE_LABELS[source.grade]}
                </span>
              )}
              <span style={{ display: 'block' }}>
                {source.rating_count > 0 && average != null ? (
                  <>
                    <StarFilled aria-hidden style={{ color: '#ad6800', marginRight: 4 }} />
                    <VisuallyHidden>{QaUiTexts.averageRating} </VisuallyHidden>
                    {average} ({QaUiTexts.ratingCount(source.rating_count)})
                  </>
                ) : (
                  QaUiTexts.noRatings
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
