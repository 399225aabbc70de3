import type { ReactNode } from 'react';
import { Space, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { Messages, NotificationTexts, QuestionTexts, displayCancerType, type QuestionSummary } from '@cqa/contracts';
import { EmptyState } from '../components/EmptyState';
import { ErrorState } from '../components/ErrorState';
import { LoadingState } from '../components/LoadingState';
import { excerpt, formatDate, tagStyles } from './format';
import { Pager } from './Pager';
import { QaUiTexts } from './texts';
import { Panel } from '../components/Panel';

interface QuestionListProps {
  items: QuestionSummary[] | undefined;
  isLoading: boolean;
  isFetching?: boolean;
  isError: boolean;
  onRetry?: () => void;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  emptyText: string;
  linkTo: (id: number) => string;
  /** The Expert Dashboard marks questions without an expert answer. */
  showNeedsExpertBadge?: boolean;
  renderActions?: (question: QuestionSummary) => ReactNode;
}

export function QuestionList(props: QuestionListProps) {
  const { items, isLoading, isFetching = false, isError, onRetry, page, perPage, onPageChange, emptyText, linkTo } = props;
  if (isLoading) return <LoadingState page label={QaUiTexts.loadingQuestions} />;
  if (isError || !items) return <ErrorState message={Messages.errors.loadQuestionsFailed} onRetry={onRetry} />;

  return (
    <div aria-busy={isFetching}>
      {items.length === 0 ? (
        <EmptyState message={emptyText} />
      ) : (
        <ol style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 12, opacity: isFetching ? 0.6 : 1 }}>
          {items.map((question) => (
            <li key={question.id}>
              <QuestionListItem question={question} href={linkTo(question.id)} {...props} />
            </li>
          ))}
        </ol>
      )}
      {(items.length > 0 || page > 1) && <Pager page={page} itemCount={items.length} perPage={perPage} onChange={onPageChange} busy={isFetching} />}
    </div>
  );
}

function QuestionListItem({ question, href, showNeedsExpertBadge, renderActions }: { question: QuestionSummary; href: string } & QuestionListProps) {
  return (
    <Panel>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 16, alignItems: 'flex-start' }}>
        <div style={{ minWidth: 0 }}>
          <h3 style={{ fontSize: 16, margin: '0 0 8px' }}>
            <Link to={href}>{excerpt(question.question_text)}</Link>
          </h3>
          <Space size={[8, 4]} wrap>
            <Tag color="blue">{displayCancerType(question.cancer_type)}</Tag>
            <Typography.Text type="secondary">{QaUiTexts.submitted(formatDate(question.created_at))}</Typography.Text>
            <Typography.Text type="secondary">{QaUiTexts.answersCount(question.answers_count)}</Typography.Text>
            {showNeedsExpertBadge && !question.has_expert_answer && <Tag style={tagStyles.warning}>{QuestionTexts.needsExpertAnswerBadge}</Tag>}
            {question.has_new_answers && <Tag style={tagStyles.success}>{NotificationTexts.newAnswersBadge}</Tag>}
          </Space>
        </div>
        {renderActions?.(question)}
      </div>
    </Panel>
  );
}
