import type { ReactNode } from 'react';
import { Select } from 'antd';
import { QUESTION_SCOPES, QuestionTexts, type QuestionFilter, type QuestionScope } from '@cqa/contracts';
import { CancerTypeSelect } from './CancerTypeSelect';
import { SEARCH_MIN_WIDTH, SearchBox } from './SearchBox';
import type { UseSimilarQuestions } from './SimilarQuestions';
import { QaUiTexts, QuestionListControlsTexts } from './texts';

/** The order the Expert Dashboard lists them in, 'All Questions' being the default. */
const FILTER_ORDER: readonly QuestionFilter[] = ['unanswered', 'all', 'answered'];

interface QuestionListControlsProps {
  filter: QuestionFilter;
  cancerType: string;
  q: string;
  onFilterChange: (value: QuestionFilter) => void;
  /** The patient dashboard's Mine / All; without it, no such control. */
  scope?: QuestionScope;
  onScopeChange?: (value: QuestionScope) => void;
  onCancerTypeChange: (value: string) => void;
  onSearch: (value: string) => void;
  /** Answered questions like the words typed, under the search box; choosing one opens it. */
  useSimilar?: UseSimilarQuestions;
  similarHref?: (id: number) => string;
}

function Field({ id, label, grow, children }: { id: string; label: string; grow?: boolean; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4, ...(grow ? { flex: `1 1 ${SEARCH_MIN_WIDTH}px`, minWidth: 0 } : {}) }}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** Filter, cancer type and search: they combine, and each change starts again at page 1. */
export function QuestionListControls({
  filter, scope, cancerType, q, onFilterChange, onScopeChange, onCancerTypeChange, onSearch, useSimilar, similarHref,
}: QuestionListControlsProps) {
  return (
    <div role="search" aria-label={QuestionListControlsTexts.region} style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-end', marginBottom: 16 }}>
      {onScopeChange && (
        <Field id="question-scope" label={QuestionTexts.scopeLabel}>
          <Select
            id="question-scope"
            value={scope ?? 'all'}
            onChange={onScopeChange}
            options={QUESTION_SCOPES.map((value) => ({ value, label: QuestionTexts.scopeLabels[value] }))}
            style={{ minWidth: 'min(160px, 100%)' }}
          />
        </Field>
      )}
      <Field id="question-filter" label={QaUiTexts.filterLabel}>
        <Select
          id="question-filter"
          value={filter}
          onChange={onFilterChange}
          options={FILTER_ORDER.map((value) => ({ value, label: QuestionTexts.filterLabels[value] }))}
          style={{ minWidth: 'min(200px, 100%)' }}
        />
      </Field>
      <Field id="question-cancer-type" label={QaUiTexts.cancerTypeLabel}>
        <CancerTypeSelect id="question-cancer-type" value={cancerType} onChange={onCancerTypeChange} includeAll />
      </Field>
      {/* The search takes the rest of the row: at its least as wide as its placeholder, which is never cut off. */}
      <Field id="question-search" label={QaUiTexts.searchLabel} grow>
        <SearchBox id="question-search" value={q} onSearch={onSearch} useSimilar={useSimilar} similarHref={similarHref} />
      </Field>
    </div>
  );
}
