import type { ComponentProps } from 'react';
import { useQuestionsQuery, useSimilarQuestions } from '@cqa/web-core';
import { QuestionBrowser, QuestionFormModal } from '@cqa/web-ui';
import { useAskQuestion } from './use-ask-question';

type BrowserProps = ComponentProps<typeof QuestionBrowser>;

/**
 * A dashboard's question list: the page's filter, cancer type and search (`params`, which the page shares with its
 * counts) over the questions the API lists, with the similar-questions search of the search box.
 */
export function DashboardQuestions(props: Omit<BrowserProps, 'list' | 'useSimilar'>) {
  const list = useQuestionsQuery(props.params.query);
  return <QuestionBrowser {...props} list={list} useSimilar={useSimilarQuestions} />;
}

type ModalProps = ComponentProps<typeof QuestionFormModal>;

/**
 * 'Ask a New Question' (with the answered questions like the one being typed, opening at `similarHref`) and 'Create
 * Question Manually'; `onCreated` gets the new question's id.
 */
export function AskQuestionModal({ onCreated, similarHref, ...props }: Omit<ModalProps, 'onSubmit' | 'useSimilar'> & { onCreated?: (id: number) => void }) {
  const ask = useAskQuestion(onCreated);
  return <QuestionFormModal {...props} onSubmit={ask} useSimilar={similarHref ? useSimilarQuestions : undefined} similarHref={similarHref} />;
}
