import type { ReactNode } from 'react';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ANSWER_KINDS, ANSWER_KIND_LABELS, type AnswerKind, type AnswerView } from '@cqa/contracts';

interface AnswerTabsProps {
  answers: Record<AnswerKind, AnswerView[]>;
  renderAnswer: (answer: AnswerView, kind: AnswerKind) => ReactNode;
  /** What an empty tab shows (the spec's texts differ by role). */
  renderEmpty: (kind: AnswerKind, label: string) => ReactNode;
  /** Shown above a tab's answers, e.g. the admin's Add Answer button or the open answer form. */
  renderTop?: (kind: AnswerKind) => ReactNode;
}

const isKind = (value: string | null): value is AnswerKind => ANSWER_KINDS.includes(value as AnswerKind);

/** One tab per answer kind with its count; the open tab is kept in the URL (?tab=expert). */
export function AnswerTabs({ answers, renderAnswer, renderEmpty, renderTop }: AnswerTabsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const active: AnswerKind = isKind(requested) ? requested : 'ai';
  const select = (key: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  return (
    <Tabs
      activeKey={active}
      onChange={select}
      items={ANSWER_KINDS.map((kind) => {
        const list = answers[kind] ?? [];
        const label = ANSWER_KIND_LABELS[kind];
        return {
          key: kind,
          label: `${label} (${list.length})`,
          children: (
            <div>
              {renderTop?.(kind)}
              {list.length === 0 ? renderEmpty(kind, label) : list.map((answer) => <div key={answer.id}>{renderAnswer(answer, kind)}</div>)}
            </div>
          ),
        };
      })}
    />
  );
}
