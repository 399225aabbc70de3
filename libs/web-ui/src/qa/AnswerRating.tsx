import { cloneElement, useId, useState, type ReactElement } from 'react';
import { Button, Input, Rate, Tooltip, Typography } from 'antd';
import { EXPERT_RATING_CATEGORIES, FEEDBACK_MAX_LENGTH, RATING_LABELS, RATING_MAX } from '@cqa/contracts';
import { QaUiTexts } from './texts';

export type RatingChange = 'rating' | 'feedback';

interface AnswerRatingProps {
  myRating: number | null;
  myFeedback: string | null;
  /**
   * Saves rating and feedback together. `change` says what the user changed (a new star rating, or only the
   * feedback), which picks the success or failure text. Resolves true when saved.
   */
  onSubmit: (rating: number, feedback: string, change: RatingChange) => Promise<boolean>;
  /** A line above the stars, e.g. 'Please rate on scientific merit' for community answers shown to experts. */
  prompt?: string;
  /** Experts see the five-category guidance and can insert the feedback template. */
  expertGuidance?: boolean;
}

/**
 * Star rating (1-5, with the spec's hover labels) and feedback, saved together. The feedback box and the submit button
 * open only when the reader starts rating (chooses stars), or asks to change the feedback of a rating they gave: a page
 * of ten answers shows ten rows of stars, not ten forms.
 */
export function AnswerRating({ myRating, myFeedback, onSubmit, prompt, expertGuidance = false }: AnswerRatingProps) {
  const id = useId();
  const [rating, setRating] = useState(myRating ?? 0);
  const [feedback, setFeedback] = useState(myFeedback ?? '');
  const [hover, setHover] = useState<number | undefined>();
  const [saving, setSaving] = useState(false);
  const [editing, setEditing] = useState(false);
  // A refetch after saving brings the stored values; the form follows them.
  const [stored, setStored] = useState({ myRating, myFeedback });
  if (stored.myRating !== myRating || stored.myFeedback !== myFeedback) {
    setStored({ myRating, myFeedback });
    setRating(myRating ?? 0);
    setFeedback(myFeedback ?? '');
    setEditing(false);
  }

  const shownLabel = RATING_LABELS[hover ?? rating];
  const change: RatingChange = rating !== (myRating ?? 0) ? 'rating' : 'feedback';
  const unchanged = rating === (myRating ?? 0) && feedback.trim() === (myFeedback ?? '').trim();

  // Back to what is stored, box closed.
  const cancel = () => {
    setRating(myRating ?? 0);
    setFeedback(myFeedback ?? '');
    setEditing(false);
  };

  const submit = async () => {
    if (rating < 1) return;
    setSaving(true);
    try {
      if (await onSubmit(rating, feedback.trim(), change)) setEditing(false);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} style={{ borderTop: '1px solid #f0f0f0', paddingTop: 12, marginTop: 12 }}>
      <h4 id={`${id}-heading`} style={{ margin: '0 0 8px', fontSize: 15 }}>
        {QaUiTexts.rateHeading}
      </h4>
      {prompt && <Typography.Paragraph style={{ marginBottom: 8 }}>{prompt}</Typography.Paragraph>}
      {expertGuidance && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {QaUiTexts.guidance(EXPERT_RATING_CATEGORIES)}
        </Typography.Paragraph>
      )}
      <div style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 12, marginBottom: 8 }}>
        <span id={`${id}-stars`}>{QaUiTexts.yourRating}</span>
        <Rate
          count={RATING_MAX}
          value={rating}
          onChange={(stars) => {
            setRating(stars);
            setEditing(true);
          }}
          onHoverChange={setHover}
          aria-labelledby={`${id}-stars`}
          style={{ whiteSpace: 'nowrap' }}
          characterRender={(node, { index = 0 }) => {
            const stars = index + 1;
            const star = node as ReactElement<{ children: ReactElement }>;
            // The clickable element is the star's inner radio; it gets the hover label as its name.
            const radio = cloneElement(star.props.children, { 'aria-label': QaUiTexts.starLabel(stars, RATING_LABELS[stars]) } as object);
            return <Tooltip title={RATING_LABELS[stars]}>{cloneElement(star, {}, radio)}</Tooltip>;
          }}
        />
        <Typography.Text strong>{shownLabel ?? ''}</Typography.Text>
      </div>
      {editing ? (
        <>
          <label htmlFor={`${id}-feedback`} style={{ display: 'block', marginBottom: 4 }}>
            {QaUiTexts.feedback}
          </label>
          <Input.TextArea id={`${id}-feedback`} rows={expertGuidance ? 5 : 3} maxLength={FEEDBACK_MAX_LENGTH} value={feedback} onChange={(event) => setFeedback(event.target.value)} />
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 8, flexWrap: 'wrap' }}>
            <Button type="primary" onClick={submit} loading={saving} disabled={rating < 1 || unchanged}>
              {QaUiTexts.submitRating}
            </Button>
            {expertGuidance && (
              <Button onClick={() => setFeedback((text) => (text.trim() ? `${text.trimEnd()}\n${QaUiTexts.feedbackTemplate(EXPERT_RATING_CATEGORIES)}` : QaUiTexts.feedbackTemplate(EXPERT_RATING_CATEGORIES)))}>
                {QaUiTexts.useTemplate}
              </Button>
            )}
            <Button onClick={cancel} disabled={saving}>
              {QaUiTexts.cancelRating}
            </Button>
            {rating < 1 && <Typography.Text type="secondary">{QaUiTexts.chooseStars}</Typography.Text>}
          </div>
        </>
      ) : myRating != null ? (
        <Button onClick={() => setEditing(true)}>{myFeedback ? QaUiTexts.editFeedback : QaUiTexts.addFeedback}</Button>
      ) : (
        <Typography.Text type="secondary">{QaUiTexts.chooseStars}</Typography.Text>
      )}
    </section>
  );
}
