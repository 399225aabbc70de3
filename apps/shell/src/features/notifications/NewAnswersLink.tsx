import { useEffect, useRef, type CSSProperties } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router-dom';
import { NotificationTexts } from '@cqa/contracts';
import { paths, questionsApi, useAppDispatch, useAppSelector } from '@cqa/web-core';
import { useIsNarrow } from '@cqa/web-ui';
import { useNewAnswersCountQuery } from './api';

const POLL_MS = 60_000;

const linkStyle: CSSProperties = {
  // Its own line height: the header's 64 px line box would make the pill as tall as the bar (and spill past it).
  display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 32, minWidth: 32, padding: '0 10px', borderRadius: 16, lineHeight: '20px',
  color: '#135200', background: '#f6ffed', border: '1px solid #b7eb8f', fontSize: 14, whiteSpace: 'nowrap',
};
const countStyle: CSSProperties = { fontWeight: 600 };

/**
 * The patient's count of questions with answers not opened yet, as a link to their questions. Asked again on every
 * page change, whenever a question's detail has loaded (opening a question clears its mark) and every minute; when the count moves, the loaded question lists
 * are refreshed too, so their "New answers" marks follow. On a phone only a bell and the count fit beside the menu.
 */
export function NewAnswersLink() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const narrow = useIsNarrow();
  const { data, refetch } = useNewAnswersCountQuery(undefined, { pollingInterval: POLL_MS, refetchOnFocus: true });
  const shown = useRef<number | undefined>(undefined);

  // Opening a question marks it seen on the server: its detail arriving is the moment to ask again.
  const lastDetailLoaded = useAppSelector((state) =>
    Object.values(state.api.queries).reduce((latest, q) => (q?.endpointName === 'question' && q.fulfilledTimeStamp ? Math.max(latest, q.fulfilledTimeStamp) : latest), 0));

  useEffect(() => {
    void refetch();
  }, [pathname, lastDetailLoaded, refetch]);

  const count = data?.count;
  useEffect(() => {
    if (count === undefined) return;
    if (shown.current !== undefined && shown.current !== count) dispatch(questionsApi.util.invalidateTags(['QuestionList']));
    shown.current = count;
  }, [count, dispatch]);

  if (!count) return null;
  const label = NotificationTexts.newAnswersLink(count);
  return (
    <Link to={paths.patientQuestions} aria-label={label} title={label} style={linkStyle} data-testid="new-answers-link">
      {narrow && <BellOutlined aria-hidden />}
      <span style={countStyle}>{narrow ? count : `${NotificationTexts.newAnswersBadge}: ${count}`}</span>
    </Link>
  );
}
