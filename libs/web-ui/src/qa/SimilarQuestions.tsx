import { useEffect, useId, useRef, useState, type KeyboardEvent, type MutableRefObject } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { ANSWER_KINDS, ANSWER_KIND_LABELS, Messages, SIMILAR_MIN_LENGTH, type SimilarQuestion } from '@cqa/contracts';
import { excerpt } from './format';
import { QaUiTexts } from './texts';

/** How long typing must pause before the suggestions are looked up. */
export const SIMILAR_DEBOUNCE_MS = 400;
/** The spec's limit for the search list (section 9): taller lists scroll. */
export const SUGGESTION_LIST_MAX_HEIGHT = 300;
/**
 * On a short screen the list takes at most this share of its height, so the fields below it (the cancer type, Submit)
 * stay in view on a phone; the options scroll inside it.
 */
export const SUGGESTION_LIST_MAX_VIEWPORT = '22vh';

/** Where the suggestions come from (web-core's useSimilarQuestions): skipped below SIMILAR_MIN_LENGTH characters. */
export type UseSimilarQuestions = (text: string) => { items?: SimilarQuestion[]; isFetching?: boolean; isError?: boolean };

const NONE: SimilarQuestion[] = [];
const useNoSuggestions: UseSimilarQuestions = () => ({ items: NONE });

/** The text once typing has paused for `delay` ms. */
export function useDebounced(text: string, delay: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return settled;
}

interface SuggestionOptions {
  /** The text being typed. */
  text: string;
  useSimilar?: UseSimilarQuestions;
  /** The page of a suggested question; without it (or useSimilar) nothing is suggested. */
  hrefFor?: (id: number) => string;
  /** Called after a suggestion was chosen (its page is opening), e.g. to close the ask dialog. */
  onChosen?: () => void;
  delay?: number;
}

/**
 * The ARIA 1.2 combobox pattern over a text field: up to five answered questions like the text typed. The field gets
 * role, aria-expanded, aria-controls, aria-autocomplete and aria-activedescendant; Arrow Down/Up move through the options
 * (focus stays in the field), Enter opens the active one, Escape closes the list (and nothing else); a polite live
 * region says how many were found. With no option active the field's own keys work as ever (Enter searches, a new line).
 */
export function useSimilarSuggestions({ text, useSimilar, hrefFor, onChosen, delay = SIMILAR_DEBOUNCE_MS }: SuggestionOptions) {
  const id = useId();
  // Set by the list (rendered only where suggestions are on), so forms without a router still render without one.
  const navigate = useRef<NavigateFunction | null>(null);
  const settled = useDebounced(text.trim(), delay);
  const lookup = settled.length >= SIMILAR_MIN_LENGTH ? settled : '';
  const source = (hrefFor && useSimilar) || useNoSuggestions;
  const { items: found = NONE, isFetching = false, isError = false } = source(lookup);
  const items = lookup ? found : NONE;
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState<string | null>(null);
  // A new list (or new text) starts with no option active; Escape hides the list until the text changes.
  const listKey = `${lookup}|${items.map((q) => q.id).join(',')}`;
  const [shownFor, setShownFor] = useState(listKey);
  if (shownFor !== listKey) {
    setShownFor(listKey);
    setActive(-1);
  }
  const open = items.length > 0 && dismissed !== lookup;
  const listId = `${id}-similar`;
  const optionId = (index: number) => `${id}-similar-${index}`;

  const choose = (question: SimilarQuestion) => {
    if (!hrefFor) return;
    onChosen?.();
    navigate.current?.(hrefFor(question.id));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (items.length === 0) return;
      if (!open) {
        if (event.key !== 'ArrowDown') return;
        setDismissed(null);
      }
      event.preventDefault();
      // -1 is the field itself: moving past either end comes back to it, as the pattern's listbox popup allows.
      const last = items.length - 1;
      if (!open) setActive(0);
      else if (event.key === 'ArrowDown') setActive((current) => (current >= last ? -1 : current + 1));
      else setActive((current) => (current === -1 ? last : current - 1));
      return;
    }
    if (event.key === 'Enter' && open && active >= 0 && items[active]) {
      event.preventDefault();
      event.stopPropagation();
      choose(items[active]);
      return;
    }
    if (event.key === 'Escape' && open) {
      // Closes the list only: not the dialog the field is in, nor does it clear a search box.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(lookup);
      setActive(-1);
    }
  };

  const fieldProps = {
    role: 'combobox',
    'aria-expanded': open,
    // The list exists only while open (ARIA 1.2: aria-controls names the popup when there is one).
    'aria-controls': open ? listId : undefined,
    'aria-autocomplete': 'list' as const,
    'aria-activedescendant': open && active >= 0 ? optionId(active) : undefined,
    onKeyDown,
  };

  const failed = !!lookup && isError && !isFetching;
  const status = !lookup || isFetching ? '' : failed ? Messages.errors.fetchQuestionsFailed : QaUiTexts.similarFound(items.length);

  const list = (
    <>
      <RouterBridge targetRef={navigate} />
      <div role="status" aria-live="polite" style={failed ? { marginTop: 4, fontSize: 13, color: '#595959' } : VISUALLY_HIDDEN}>
        {status}
      </div>
      {open && (
        <div
          style={{
            display: 'flex', flexDirection: 'column', maxHeight: `min(${SUGGESTION_LIST_MAX_HEIGHT}px, ${SUGGESTION_LIST_MAX_VIEWPORT})`, marginTop: 4,
            border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff',
          }}
          data-testid="similar-questions-popup"
        >
          <div id={`${listId}-label`} style={{ padding: '6px 12px', fontSize: 13, color: '#595959', borderBottom: '1px solid #f0f0f0' }}>
            {QaUiTexts.similarHeading}
          </div>
          <ul
            id={listId}
            role="listbox"
            aria-labelledby={`${listId}-label`}
            style={{ listStyle: 'none', margin: 0, padding: 0, minHeight: 0, overflowY: 'auto' }}
            data-testid="similar-questions"
          >
            {items.map((question, index) => (
              // The keys are the field's: in the combobox pattern focus stays in the field, never on an option.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={question.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // Keeps focus in the field: the pattern's focus never leaves it.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(question)}
                onMouseEnter={() => setActive(index)}
                style={{ padding: '8px 12px', minHeight: 44, cursor: 'pointer', background: index === active ? '#e6f4ff' : undefined }}
              >
                <span style={{ display: 'block' }}>{excerpt(question.question_text, 160)}</span>
                <span style={{ display: 'block', fontSize: 13, color: '#595959' }}>{answerCountsLine(question)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );

  /** An option is active: Enter opens it (a search box must not also search). */
  const choosing = open && active >= 0;
  return { fieldProps, list, open, items, active, choosing };
}

function RouterBridge({ targetRef }: { targetRef: MutableRefObject<NavigateFunction | null> }) {
  const navigate = useNavigate();
  useEffect(() => {
    targetRef.current = navigate;
  }, [targetRef, navigate]);
  return null;
}

/** 'Expert Answers 1 · From Community 2': the sources that answered, in tab order. */
export const answerCountsLine = (question: SimilarQuestion) =>
  ANSWER_KINDS.filter((kind) => question.answer_counts[kind] > 0)
    .map((kind) => `${ANSWER_KIND_LABELS[kind]} ${question.answer_counts[kind]}`)
    .join(' · ');

const VISUALLY_HIDDEN = {
  position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap', border: 0,
} as const;
