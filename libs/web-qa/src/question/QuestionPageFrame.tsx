import { lazy, memo, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { RESEARCH_REQUEST_OPEN_STATES, type AnswerKind, type AnswerView, type QuestionDetail } from '@cqa/contracts';
import { useQuestionDetail } from './use-question-detail';
import { AiRunPanel, DeleteAnswerDialog, LoadingState, QaUiTexts, QuestionDetailLayout, QuestionLoadState } from '@cqa/web-ui';
import { useQuestionAi } from '../ai/use-question-ai';

type Detail = ReturnType<typeof useQuestionDetail>;

const LazyDeepResearchTab = lazy(() => import(/* webpackChunkName: "deep-research-tab" */ '../research/DeepResearchTab').then((m) => ({ default: m.DeepResearchTab })));

/**
 * The Deep Research tab's controls and report (antd's Table, Descriptions, InputNumber, …: ~50 KB brotli) are fetched
 * when that tab is open, not with the page (the AI tab opens first). Server-rendered with the tab open, its HTML stays
 * until the code arrives (a dehydrated Suspense boundary); memo keeps the page's own re-renders from reaching that
 * boundary before then, which would make React draw the fallback over it.
 */
const DeepResearchTabWhenOpen = memo(function DeepResearchTabWhenOpen({ questionId }: { questionId: number }) {
  return (
    <Suspense fallback={<LoadingState />}>
      <LazyDeepResearchTab questionId={questionId} />
    </Suspense>
  );
});

/** What a role's blocks receive: the loaded question, the signed-in user and the page's actions. */
export interface QuestionPageContext {
  question: NonNullable<Detail['question']>;
  user: Detail['user'];
  actions: Detail['actions'];
  /** Loads the question again (e.g. after answers were imported into it). */
  reload: () => void;
  /** Asks the spec's confirmation, then deletes the answer. */
  confirmDelete: (answer: AnswerView) => void;
}

export interface QuestionPageFrameProps {
  /** The role's question list: the first link above the question, and where a missing question leads. */
  backTo: string;
  /** Links after "Back to questions". */
  links?: (page: QuestionPageContext) => ReactNode;
  /** The question's meta and title with the role's edit and add blocks. */
  head: (page: QuestionPageContext) => ReactNode;
  /** One answer, with the role's edit and rate blocks. */
  renderAnswer: (answer: AnswerView, kind: AnswerKind, page: QuestionPageContext) => ReactNode;
  /** The role's blocks at the top of a tab, under the AI run's panel and the deep research controls. */
  renderTop?: (kind: AnswerKind, page: QuestionPageContext) => ReactNode;
  /** Staff run deep research from its tab. */
  deepResearch?: boolean;
  /** The spec's empty-tab text for this role; experts' and admins' by default. */
  emptyText?: (tabNoun: string) => string;
  /** Shown under a tab's empty text, e.g. the patient's link to ask an expert. */
  emptyExtra?: (kind: AnswerKind, page: QuestionPageContext) => ReactNode;
  /** Dialogs and the like, after the tabs. */
  after?: (page: QuestionPageContext) => ReactNode;
}

/**
 * The question page of every role: loads the question of the route's :id (its loading, error and not-found states),
 * wires the AI tab (the latest run, polled while it runs; Generate for admins) and, for staff, the deep research tab;
 * the role fills the slots with its own add, edit and rate blocks.
 */
export function QuestionPageFrame({ backTo, links, head, renderAnswer, renderTop, deepResearch = false, emptyText, emptyExtra, after }: QuestionPageFrameProps) {
  const { question, user, actions, loadState } = useQuestionDetail();
  const ai = useQuestionAi();
  const [deleting, setDeleting] = useState<AnswerView | null>(null);

  if (!question) return <QuestionLoadState {...loadState} backTo={backTo} />;

  const page: QuestionPageContext = { question, user, actions, reload: () => void loadState.onRetry(), confirmDelete: setDeleting };
  return (
    <QuestionDetailLayout
      nav={
        <>
          <Link to={backTo}>{QaUiTexts.backToQuestions}</Link>
          {links?.(page)}
        </>
      }
      head={head(page)}
      answers={question.answers}
      glance={question.glance}
      emptyText={emptyText}
      renderTop={(kind) => (
        <>
          {kind === 'ai' && <AiRunPanel {...ai} hasGenerated={question.answers.ai.some((a) => a.ai_details)} />}
          {kind === 'deep_research' && deepResearch && <DeepResearchTabWhenOpen questionId={question.id} />}
          {renderTop?.(kind, page)}
        </>
      )}
      // While an AI run is queued or running, its progress stands in for the empty text; so does the state of an open
      // deep research request (the tab's request box), as no answer is due until it is published.
      showEmpty={(kind) => (kind === 'ai' ? !ai.active : kind === 'deep_research' ? !researchRequestOpen(question) : true)}
      emptyExtra={emptyExtra && ((kind) => emptyExtra(kind, page))}
      renderAnswer={(answer, kind) => renderAnswer(answer, kind, page)}
    >
      <DeleteAnswerDialog
        open={deleting !== null}
        onConfirm={async () => {
          if (deleting && (await actions.deleteAnswer(deleting.id))) setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
      {after?.(page)}
    </QuestionDetailLayout>
  );
}

/** The asker's deep research request is under way (the question's at-a-glance strip names its state, for owner and staff). */
function researchRequestOpen(question: QuestionDetail): boolean {
  const state = question.glance?.deep_research?.request;
  return Boolean(state && RESEARCH_REQUEST_OPEN_STATES.includes(state));
}
