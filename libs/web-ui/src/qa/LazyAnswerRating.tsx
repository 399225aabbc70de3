import { lazy, memo, Suspense, type ComponentProps, type ComponentType } from 'react';
import type { AnswerRating as Rating } from './AnswerRating';

type RatingProps = ComponentProps<typeof Rating>;

let loaded = false;
const Widget = lazy(() =>
  import(/* webpackChunkName: "answer-rating" */ './AnswerRating').then((m) => {
    loaded = true;
    return { default: m.AnswerRating as ComponentType<RatingProps> };
  }),
);

const shallowEqual = (a: RatingProps, b: RatingProps) =>
  (Object.keys({ ...a, ...b }) as (keyof RatingProps)[]).every((key) => Object.is(a[key], b[key]));

/**
 * The rating widget (antd's Rate, Tooltip and the feedback box: ~15 KB brotli) as a chunk of its own, fetched as the
 * page hydrates. A server-rendered page keeps the widget's HTML until then (a dehydrated Suspense boundary); until the
 * code is there memo lets through only a change of what the widget shows, not the page's new `onSubmit` of each
 * re-render, which would make React draw the fallback over the server's HTML.
 */
export const AnswerRating = memo(
  function AnswerRating(props: RatingProps) {
    return (
      <Suspense fallback={null}>
        <Widget {...props} />
      </Suspense>
    );
  },
  (a, b) =>
    loaded
      ? shallowEqual(a, b)
      : a.myRating === b.myRating && a.myFeedback === b.myFeedback && a.prompt === b.prompt && a.expertGuidance === b.expertGuidance,
);
