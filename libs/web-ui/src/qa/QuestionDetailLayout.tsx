import type { ReactNode } from 'react';
import { Button, Space, Typography } from 'antd';
import { QuestionTexts, type AnswerKind, type AnswerView, type SourceGlance } from '@cqa/contracts';
import { AnswerTabs } from './AnswerTabs';
import { ConfirmDialog } from './ConfirmDialog';
import { SourcesAtAGlance } from './SourcesAtAGlance';
import { EmptyState } from '../components/EmptyState';
import { QaUiTexts } from './texts';

interface QuestionDetailLayoutProps {
  /** Links above the question (back to the list, …). */
  nav: ReactNode;
  /** Everything between the links and the answers: meta, title, banners, open forms. */
  head: ReactNode;
  answers: Record<AnswerKind, AnswerView[]>;
  /** The question's sources at a glance (QuestionDetail.glance); without it the strip shows what the answers tell. */
  glance?: Record<AnswerKind, SourceGlance>;
  renderAnswer: (answer: AnswerView, kind: AnswerKind) => ReactNode;
  renderTop?: (kind: AnswerKind) => ReactNode;
  /** The spec's empty-tab text for this role; experts' and admins' by default. */
  emptyText?: (tabNoun: string) => string;
  /** Shown under a tab's empty text, e.g. the patient's link to ask an expert. */
  emptyExtra?: (kind: AnswerKind) => ReactNode;
  /** False leaves a tab's empty text out, e.g. while the AI tab shows a running job's progress instead. */
  showEmpty?: (kind: AnswerKind) => boolean;
  /** Dialogs and the like, after the tabs. */
  children?: ReactNode;
}

/** The scaffold of the patient's, the expert's and the admin's question page: links, head, and one tab per answer kind. */
export function QuestionDetailLayout({
  nav, head, answers, glance, renderAnswer, renderTop, emptyText = QuestionTexts.emptyTabExpert, emptyExtra, showEmpty, children,
}: QuestionDetailLayoutProps) {
  return (
    <section>
      <p style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>{nav}</p>
      {head}
      <h2 style={{ fontSize: 20 }}>{QaUiTexts.answersHeading}</h2>
      <SourcesAtAGlance glance={glance} answers={answers} />
      <AnswerTabs
        answers={answers}
        renderTop={renderTop}
        renderEmpty={(kind) => {
          if (showEmpty && !showEmpty(kind)) return null;
          const extra = emptyExtra?.(kind);
          const empty = <EmptyState message={emptyText(QaUiTexts.emptyTabNoun[kind])} />;
          return extra ? <div>{empty}{extra}</div> : empty;
        }}
        renderAnswer={renderAnswer}
      />
      {children}
    </section>
  );
}

/** The question as the page's heading, with an optional control (an edit button) beside it. */
export function QuestionTitle({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0, whiteSpace: 'pre-wrap', flex: 1 }}>
        {text}
      </Typography.Title>
      {action}
    </div>
  );
}

/** Edit and Delete under an answer the caller may change. */
export function AnswerChangeButtons({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <Space>
      <Button size="small" onClick={onEdit}>
        {QaUiTexts.editThisAnswer}
      </Button>
      <Button size="small" danger onClick={onDelete}>
        {QaUiTexts.deleteThisAnswer}
      </Button>
    </Space>
  );
}

/** The spec's confirmation before an answer is deleted. */
export function DeleteAnswerDialog({ open, onConfirm, onCancel }: { open: boolean; onConfirm: () => Promise<unknown>; onCancel: () => void }) {
  return <ConfirmDialog open={open} title={QuestionTexts.deleteAnswerTitle} body={QuestionTexts.deleteAnswerBody} onConfirm={onConfirm} onCancel={onCancel} />;
}
