import { lazy, Suspense, type ComponentProps } from 'react';
import { LoadingState } from '../components/LoadingState';
import type { QuestionEditForm } from './QuestionEditForm';

const Form = lazy(() => import(/* webpackChunkName: "question-edit-form" */ './QuestionEditForm').then((m) => ({ default: m.QuestionEditForm })));

/** QuestionEditForm with its code (antd's Form, Input, Select) fetched when an edit is started, not with the question page. */
export function LazyQuestionEditForm(props: ComponentProps<typeof QuestionEditForm>) {
  return (
    <Suspense fallback={<LoadingState />}>
      <Form {...props} />
    </Suspense>
  );
}
