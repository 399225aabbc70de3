import type { ReactNode } from 'react';
import { Alert, Space, Tag, Typography } from 'antd';
import { ANSWER_KIND_LABELS, expertByline, QuestionTexts, RATING_LABELS, type AnswerView } from '@cqa/contracts';
import { formatDate, tagStyles } from './format';
import { Markdown } from './Markdown';

/**
 * The links a deep research report may have: the URL each stored source line ends with, and the targets of the
 * report's own markdown links (the evidence table's). Model text reaches the report escaped (`\[x\](…)`), so it can
 * write no link of that form; its bare URLs, `www.` hosts and e-mail addresses are not among these.
 */
export const reportLinks = (answerText: string, sources: readonly string[]): string[] => [
  ...sources.flatMap((line) => /(https?:\/\/\S+)\s*$/.exec(line)?.[1] ?? []),
  ...[...answerText.matchAll(/(?<!\\)\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1]),
];
import { AiAnswerBody } from './AiAnswer';
import { RatingSummary, RoleRatings } from './RatingSummary';
import { SourcesList } from './SourcesList';
import { QaUiTexts } from './texts';
import { Panel } from '../components/Panel';

interface AnswerCardProps {
  answer: AnswerView;
  /** The search method is shown on the expert tab only. */
  showSearchMethod?: boolean;
  /** Replaces the kind and author, e.g. on the blinded review page. */
  heading?: string;
  /** Edit and delete buttons, for those allowed them. */
  actions?: ReactNode;
  /** The rating form, for those allowed to rate this answer. */
  rating?: ReactNode;
}

function AnswerHeading({ answer }: { answer: AnswerView }) {
  if (answer.answer_type !== 'expert') return <>{QaUiTexts.answerHeading(ANSWER_KIND_LABELS[answer.answer_type])}</>;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
      <Tag style={{ ...tagStyles.success, fontSize: 13, marginInlineEnd: 0 }}>{QuestionTexts.expertAnswerBadge}</Tag>
      {answer.expert_name && (
        <span style={{ fontWeight: 400 }}>
          {/* 'Dr Ann Lee — medical oncologist, Royal Hospital' (issue 44 item 7): the account's details, never its licence number. */}
          {QaUiTexts.by} {expertByline(answer.expert_name, { specialty: answer.expert_specialty, institution: answer.expert_institution })}
          {answer.expert_label && <Typography.Text type="secondary"> {QaUiTexts.authorLabel(answer.expert_label)}</Typography.Text>}
        </span>
      )}
    </span>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ marginTop: 12 }}>
      <h4 style={{ fontSize: 14, margin: '0 0 4px' }}>{title}</h4>
      {children}
    </div>
  );
}

/** Where an imported community answer came from: host, date, score and the anecdotal label (never a username). */
export function CommunityAnswerMetaLine({ answer }: { answer: AnswerView }) {
  const meta = answer.community;
  if (!meta) return null;
  const parts = [meta.host, meta.posted_at ? formatDate(meta.posted_at) : null, meta.score !== null ? `${meta.score} ${meta.score === 1 ? 'point' : 'points'}` : null];
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center', marginBottom: 8 }}>
      <Tag style={{ ...tagStyles.warning, marginInlineEnd: 0 }}>{meta.label}</Tag>
      <Typography.Text type="secondary">{parts.filter(Boolean).join(' · ')}</Typography.Text>
    </div>
  );
}

/** The feedback the server let this viewer read: experts' on AI and deep-research answers for everyone, all of it for admins. */
function FeedbackList({ feedback }: { feedback: AnswerView['feedback'] }) {
  if (feedback.length === 0) return null;
  return (
    <Part title={QaUiTexts.feedbackHeading}>
      <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="answer-feedback">
        {feedback.map((f, index) => (
          <li key={`${f.role}-${f.created_at}-${index}`} style={{ marginBottom: 6 }}>
            <Typography.Text type="secondary">
              {f.role === 'expert' ? QaUiTexts.expertFeedbackBy(f.author) : QaUiTexts.patientFeedback} · {QaUiTexts.starLabel(f.rating, RATING_LABELS[f.rating] ?? '')}
            </Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{f.feedback}</Typography.Paragraph>
          </li>
        ))}
      </ul>
    </Part>
  );
}

/** One answer: a retraction flag when a cited paper was retracted since, markdown text, explanation, sources, search method, date and ratings. */
export function AnswerCard({ answer, showSearchMethod = false, heading, actions, rating }: AnswerCardProps) {
  return (
    <Panel style={{ marginBottom: 16 }}>
      <article aria-label={heading ?? undefined}>
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
          <h3 style={{ fontSize: 16, margin: 0 }}>{heading ?? <AnswerHeading answer={answer} />}</h3>
          <Space wrap>
            <RatingSummary average={answer.average_rating} count={answer.rating_count} />
            {actions}
          </Space>
        </div>
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {formatDate(answer.created_at)}
        </Typography.Text>
        <div style={{ marginBottom: 8 }}>
          <RoleRatings ratings={answer.ratings_by_role} />
        </div>
        <CommunityAnswerMetaLine answer={answer} />
        {answer.retracted_sources.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="retraction-flag"
            title={QaUiTexts.retracted(answer.retracted_sources.length)}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {answer.retracted_sources.map((title) => (
                  <li key={title}>
                    {QaUiTexts.retractedPaper}: {title}
                  </li>
                ))}
              </ul>
            }
          />
        )}
        {answer.ai_details ? (
          <AiAnswerBody answer={answer} details={answer.ai_details} />
        ) : answer.answer_type === 'deep_research' ? (
          // A report's model text may hold bare URLs or e-mail addresses: only its own references are links.
          <Markdown linkPolicy="allowed" allowedHrefs={reportLinks(answer.answer_text, answer.sources)}>{answer.answer_text}</Markdown>
        ) : (
          <Markdown>{answer.answer_text}</Markdown>
        )}
        {answer.explanation_logic && (
          <Part title={QaUiTexts.explanation}>
            <Markdown>{answer.explanation_logic}</Markdown>
          </Part>
        )}
        {!answer.ai_details && answer.sources.length > 0 && (
          <Part title={QaUiTexts.sources}>
            <SourcesList sources={answer.sources} />
          </Part>
        )}
        {showSearchMethod && answer.search_method && (
          <Part title={QaUiTexts.searchMethod}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{answer.search_method}</Typography.Paragraph>
          </Part>
        )}
        <FeedbackList feedback={answer.feedback} />
        {rating}
      </article>
    </Panel>
  );
}
