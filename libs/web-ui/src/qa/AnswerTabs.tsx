import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ANSWER_KINDS, ANSWER_KIND_LABELS, type AnswerKind, type AnswerView } from '@cqa/contracts';
import { QaUiTexts } from './texts';

interface AnswerTabsProps {
  answers: Record<AnswerKind, AnswerView[]>;
  renderAnswer: (answer: AnswerView, kind: AnswerKind) => ReactNode;
  /** What an empty tab shows (the spec's texts differ by role). */
  renderEmpty: (kind: AnswerKind, label: string) => ReactNode;
  /** Shown above a tab's answers, e.g. the admin's Add Answer button or the open answer form. */
  renderTop?: (kind: AnswerKind) => ReactNode;
}

const isKind = (value: string | null): value is AnswerKind => ANSWER_KINDS.includes(value as AnswerKind);

/** Two columns of tabs on a phone (two rows), four in a row from about 560 px: never a "more" menu hiding one. */
const TAB_LIST_STYLE = {
  display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(128px, 1fr))', gap: 4, marginBottom: 16,
  borderBottom: '1px solid #f0f0f0', paddingBottom: 4,
} as const;

/**
 * One tab per answer kind with its count; the open tab is kept in the URL (?tab=expert). Our own tablist rather than
 * antd's Tabs, which moves tabs that do not fit into a "more" menu on a phone: all four stay in view, wrapping to two
 * rows. The WAI-ARIA tabs pattern: one tab stop (the selected tab), Arrow Left/Right (wrapping), Home and End move and
 * select; each tab controls its panel, and the open panel holds its content.
 */
export function AnswerTabs({ answers, renderAnswer, renderEmpty, renderTop }: AnswerTabsProps) {
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const tabs = useRef<Partial<Record<AnswerKind, HTMLButtonElement | null>>>({});
  const requested = searchParams.get('tab');
  const active: AnswerKind = isKind(requested) ? requested : 'ai';
  const select = (key: AnswerKind) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );
  const tabId = (kind: AnswerKind) => `${id}-tab-${kind}`;
  const panelId = (kind: AnswerKind) => `${id}-panel-${kind}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = ANSWER_KINDS.indexOf(active);
    const last = ANSWER_KINDS.length - 1;
    const to = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const kind = ANSWER_KINDS[to]!;
    select(kind);
    tabs.current[kind]?.focus();
  };

  return (
    <div className="cqa-answer-tabs">
      <div role="tablist" aria-label={QaUiTexts.answerTabsLabel} style={TAB_LIST_STYLE}>
        {ANSWER_KINDS.map((kind) => {
          const selected = kind === active;
          return (
            <button
              key={kind}
              ref={(element) => {
                tabs.current[kind] = element;
              }}
              type="button"
              role="tab"
              id={tabId(kind)}
              aria-selected={selected}
              aria-controls={panelId(kind)}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(kind)}
              onKeyDown={onKeyDown}
              style={{
                minHeight: 44, padding: '6px 8px', border: 0, borderBottom: `3px solid ${selected ? '#0958d9' : 'transparent'}`,
                background: selected ? '#e6f4ff' : 'transparent', color: selected ? '#003eb3' : 'rgba(0, 0, 0, 0.88)', fontWeight: selected ? 600 : 400,
                fontSize: 14, cursor: 'pointer', borderRadius: '6px 6px 0 0', whiteSpace: 'normal', lineHeight: 1.3,
              }}
            >
              {`${ANSWER_KIND_LABELS[kind]} (${(answers[kind] ?? []).length})`}
            </button>
          );
        })}
      </div>
      {ANSWER_KINDS.map((kind) => {
        const list = answers[kind] ?? [];
        const open = kind === active;
        return (
          <div key={kind} role="tabpanel" id={panelId(kind)} aria-labelledby={tabId(kind)} hidden={!open} tabIndex={open ? 0 : -1}>
            {open && (
              <>
                {renderTop?.(kind)}
                {list.length === 0 ? renderEmpty(kind, ANSWER_KIND_LABELS[kind]) : list.map((answer) => <div key={answer.id}>{renderAnswer(answer, kind)}</div>)}
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}
