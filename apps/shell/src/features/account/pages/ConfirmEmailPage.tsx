import { useEffect, useRef, useState } from 'react';
import { Alert, Card, Space, Spin } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { AccountPageTexts as T, Messages } from '@cqa/contracts';
import { errorMessage, errorStatus, paths, selectCurrentUser, useAppSelector } from '@cqa/web-core';
import { PageTitle } from '@cqa/web-ui';
import { useConfirmEmailChangeMutation } from '../api';

type State = { kind: 'confirming' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

/** The link e-mailed to a new address (issue 44): confirms it once, then points to the account or the sign-in. */
export function ConfirmEmailPage() {
  const { code = '' } = useParams();
  const [confirm] = useConfirmEmailChangeMutation();
  const [state, setState] = useState<State>({ kind: 'confirming' });
  const started = useRef(false);
  const signedIn = !!useAppSelector(selectCurrentUser);

  useEffect(() => {
    // Single use: StrictMode's second effect must not spend the token again.
    if (started.current) return;
    started.current = true;
    confirm({ token: code })
      .unwrap()
      .then(({ message }) => setState({ kind: 'done', message }))
      .catch((error: unknown) => {
        const message = errorStatus(error) === undefined ? Messages.errors.networkError : errorMessage(error, Messages.errors.networkError);
        setState({ kind: 'error', message });
      });
  }, [code, confirm]);

  const onward = signedIn ? <Link to={paths.account}>{T.goToAccount}</Link> : <Link to={paths.landing}>{T.goToLogin}</Link>;
  return (
    <section style={{ maxWidth: 520, margin: '0 auto' }}>
      <PageTitle>{T.confirmEmailTitle}</PageTitle>
      <Card>
        {state.kind === 'confirming' && (
          <div role="status" style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            <Spin aria-hidden />
            <span>{T.confirmingEmail}</span>
          </div>
        )}
        {state.kind !== 'confirming' && (
          <Space orientation="vertical">
            <Alert type={state.kind === 'done' ? 'success' : 'error'} role={state.kind === 'done' ? 'status' : 'alert'} showIcon title={state.message} />
            {onward}
          </Space>
        )}
      </Card>
    </section>
  );
}
