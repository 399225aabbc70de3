import { useEffect, useState } from 'react';
import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { SEARCH_MAX_LENGTH } from '@cqa/contracts';
import { useSimilarSuggestions, type UseSimilarQuestions } from './SimilarQuestions';
import { QaUiTexts } from './texts';

export const SEARCH_DEBOUNCE_MS = 400;
/** Wide enough for the placeholder (QaUiTexts.searchPlaceholder) beside the icon, at antd's 14 px. */
export const SEARCH_MIN_WIDTH = 320;

interface SearchBoxProps {
  id: string;
  /** The search in effect (from the URL). */
  value: string;
  onSearch: (value: string) => void;
  delay?: number;
  /** Answered questions like the words typed, offered under the box (the ask dialog's list); choosing one opens it. */
  useSimilar?: UseSimilarQuestions;
  similarHref?: (id: number) => string;
}

/** Searches as the user types, once they pause; Enter searches at once. Given a source, it is a combobox of similar answered questions. */
export function SearchBox({ id, value, onSearch, delay = SEARCH_DEBOUNCE_MS, useSimilar, similarHref }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // Back/forward changes the search in effect: the box follows it.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value.trim()) return undefined;
    const timer = setTimeout(() => onSearch(text.trim()), delay);
    return () => clearTimeout(timer);
  }, [text, value, onSearch, delay]);

  // In the page's flow, not floating: a list over the results would hide the very links the search found.
  const similar = useSimilarSuggestions({ text, useSimilar, hrefFor: similarHref });
  const suggests = !!(useSimilar && similarHref);

  return (
    <div>
      <Input
        {...(suggests ? similar.fieldProps : {})}
        id={id}
        type="search"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={QaUiTexts.searchPlaceholder}
        prefix={<SearchOutlined aria-hidden />}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => {
          if (!similar.choosing) onSearch(text.trim());
        }}
        style={{ minWidth: `min(${SEARCH_MIN_WIDTH}px, 100%)` }}
      />
      {suggests && similar.list}
    </div>
  );
}
