import type { ComponentProps } from 'react';
import { useQuestionsQuery, useSimilarQuestions } from '@cqa/web-core';
import { lazyDialog, QuestionBrowser } from '@cqa/web-ui';
import type { AskQuestionDialogProps } from './AskQuestionDialog';

type BrowserProps = ComponentProps<typeof QuestionBrowser>;

/**
 * A dashboard's question list: the page's filter, cancer type and search (`params`, which the page shares with its
 * counts) over the questions the API lists, with the similar-questions search of the search box.
 */
export function DashboardQuestions(props: Omit<BrowserProps, 'list' | 'useSimilar'>) {
  const list = useQuestionsQuery(props.params.query);
  return <QuestionBrowser {...props} list={list} useSimilar={useSimilarQuestions} />;
}

/**
 * 'Ask a New Question' (with the answered questions like the one being typed, opening at `similarHref`) and 'Create
 * Question Manually'; `onCreated` gets the new question's id. Its code (the form, antd's Modal and Form) is fetched
 * when it is first opened, not with the dashboard; `AskQuestionModal.preload()` fetches it ahead.
 */
export const AskQuestionModal = lazyDialog<AskQuestionDialogProps>(() =>
  import(/* webpackChunkName: "ask-question" */ './AskQuestionDialog').then((m) => m.AskQuestionDialog),
);
