import { useState } from 'react';
import { Alert, Button, Card, Spin, Tag } from 'antd';
import { AccountPageTexts as T, type AccountSession, Messages } from '@cqa/contracts';
import { errorMessage } from '@cqa/web-core';
import { useAccountSessionsQuery, useEndSessionMutation } from '../api';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where the user is signed in, each other session with a button that ends it at once (issue 44). */
export function SessionsCard() {
  const sessions = useAccountSessionsQuery();
  const [endSession, ending] = useEndSessionMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const end = async (session: AccountSession) => {
    setOutcome(null);
    try {
      const { message } = await endSession(session.id).unwrap();
      setOutcome({ ok: true, text: message });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, Messages.platform.unexpected) });
    }
  };

  const list = () => {
    if (sessions.isLoading) return <Spin aria-label={T.sessionsTitle} />;
    if (sessions.isError || !sessions.data) return <Alert type="error" role="alert" showIcon title={T.sessionsFailed} />;
    const all = sessions.data.sessions;
    return (
      <>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {all.map((session) => (
            <li key={session.id} style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between', padding: '12px 0', borderTop: '1px solid #f0f0f0' }}>
              <div style={{ minWidth: 0 }}>
                <strong>{session.device}</strong> {session.current && <Tag color="blue">{T.thisSession}</Tag>}
                <div style={{ color: 'rgba(0, 0, 0, 0.65)' }}>
                  {T.started} {when(session.started_at)} · {T.lastUsed} {when(session.last_used_at)}
                </div>
              </div>
              {!session.current && (
                <Button danger onClick={() => void end(session)} loading={ending.isLoading && ending.originalArgs === session.id} aria-label={T.endSessionLabel(session.device)}>
                  {T.endSession}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {all.every((session) => session.current) && <p style={{ marginBottom: 0 }}>{T.noOtherSessions}</p>}
      </>
    );
  };

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{T.sessionsTitle}</h2>}>
      <p>{T.sessionsIntro}</p>
      {outcome && (
        <Alert type={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'} showIcon title={outcome.text} style={{ marginBottom: 16 }} />
      )}
      {list()}
    </Card>
  );
}
