import { useState, useSyncExternalStore } from 'react';
import { Button, Col, Radio, Result, Row, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Messages, OIDC_ERROR_PARAM, OIDC_TWO_FACTOR_PARAM, type SelfRegisteringRole } from '@cqa/contracts';
import { destinationAfterLogin, selectCurrentUser, useAppSelector } from '@cqa/web-core';
import { PageTitle } from '@cqa/web-ui';
import { LoginForm } from '../../auth/components/LoginForm';
import { Panel } from '../components/Panel';
import { RegisterForm, type RegistrationOutcome } from '../components/RegisterForm';
import { readHasAccount, writeHasAccount } from '../has-account';

type Mode = 'login' | 'register';
type Screen = 'form' | 'registered' | 'rejected';

export const ROLE_PROMPT = 'I am logging in/registering as a...';

export function LandingPage() {
  return (
    <section>
      <Row gutter={[{ xs: 0, md: 48 }, 32]}>
        <Col xs={24} md={12}>
          <PageTitle>An AI-powered network of top cancer researchers</PageTitle>
          <Typography.Paragraph style={{ fontSize: 18 }}>
            Our mission is to give people the latest scientific information in the non-FDA-regulated, investigative
            space for cancer prevention and treatment.
          </Typography.Paragraph>
          <Typography.Paragraph>
            Patients ask questions and get answers from an AI model, community discussions, cancer experts and AI deep
            research.
          </Typography.Paragraph>
        </Col>
        <Col xs={24} md={12}>
          <AccessPanel />
        </Col>
      </Row>
    </section>
  );
}

function AccessPanel() {
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  // An institution sign-in comes back here (experts only) when refused, or when it needs the second factor: show the
  // expert login, with the reason or the two-factor step.
  const [params] = useSearchParams();
  const institutionReturn = params.has(OIDC_ERROR_PARAM) || params.has(OIDC_TWO_FACTOR_PARAM);
  const [role, setRole] = useState<SelfRegisteringRole>(institutionReturn ? 'expert' : 'patient');
  // The pre-rendered page (built without a visitor) shows the registration form: a returning visitor's login form comes
  // as an update once hydrated (the server snapshot first), not as a hydration mismatch, which makes React discard the
  // page's markup and a click made on it (an early tap on 'Expert' was lost).
  const returning = useSyncExternalStore(subscribeToNothing, readHasAccount, () => false);
  const [chosenMode, setModeState] = useState<Mode | null>(institutionReturn ? 'login' : null);
  const mode: Mode = chosenMode ?? (returning ? 'login' : 'register');
  const [screen, setScreen] = useState<Screen>('form');
  const [registeredMessage, setRegisteredMessage] = useState<string>(Messages.success.registration);

  const setMode = (next: Mode) => {
    setModeState(next);
    writeHasAccount(next === 'login');
  };
  const returnToLogin = () => {
    setMode('login');
    setScreen('form');
  };
  const onOutcome = (outcome: RegistrationOutcome) => {
    if (outcome.kind === 'registered') {
      writeHasAccount(true);
      setRegisteredMessage(outcome.message);
      setScreen('registered');
    } else if (outcome.kind === 'rejected') {
      setScreen('rejected');
    } else {
      setMode('login');
    }
  };

  if (user) {
    return (
      <Panel>
        <Typography.Paragraph>{`You are signed in as ${user.firstName} ${user.lastName}.`}</Typography.Paragraph>
        <Link to={destinationAfterLogin(user)}>Continue</Link>
      </Panel>
    );
  }

  if (screen === 'registered') {
    return (
      <Panel>
        <Result
          status="success"
          title={<h2 style={{ margin: 0, fontSize: 24 }}>Registration Successful!</h2>}
          subTitle={
            <>
              <Typography.Paragraph>{registeredMessage}</Typography.Paragraph>
              <Typography.Paragraph>
                We sent a verification email to your address. If you don&apos;t see it within a few minutes, check your
                spam folder.
              </Typography.Paragraph>
            </>
          }
          extra={<Button type="primary" onClick={returnToLogin}>Return to Login</Button>}
        />
      </Panel>
    );
  }

  if (screen === 'rejected') {
    return (
      <Panel>
        <Result
          status="error"
          title={<h2 style={{ margin: 0, fontSize: 24 }}>Registration Rejected</h2>}
          subTitle={Messages.errors.registrationRejected}
          extra={<Button type="primary" onClick={returnToLogin}>Return to Login</Button>}
        />
      </Panel>
    );
  }

  return (
    <Panel>
      <fieldset style={{ border: 0, margin: '0 0 16px', padding: 0 }}>
        <legend style={{ fontSize: 16, fontWeight: 600, marginBottom: 8 }}>{ROLE_PROMPT}</legend>
        <Radio.Group
          value={role}
          onChange={(event) => setRole(event.target.value as SelfRegisteringRole)}
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 'patient', label: 'Patient' },
            { value: 'expert', label: 'Expert' },
          ]}
        />
      </fieldset>
      <h2 style={{ fontSize: 20, margin: '0 0 12px' }}>{mode === 'login' ? `${roleLabel(role)} Login` : `${roleLabel(role)} Registration`}</h2>
      {mode === 'login' ? (
        <LoginForm key={role} portal={role} onSignedIn={(signedIn) => navigate(destinationAfterLogin(signedIn))} />
      ) : (
        <RegisterForm key={role} role={role} onOutcome={onOutcome} />
      )}
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        {mode === 'login' ? "Don't have an account? " : 'Already have an account? '}
        <Button type="link" style={{ padding: 0 }} onClick={() => setMode(mode === 'login' ? 'register' : 'login')}>
          {mode === 'login' ? 'Register' : 'Login'}
        </Button>
      </Typography.Paragraph>
    </Panel>
  );
}

/** The remembered mode is read once per render; nothing announces a change to it from elsewhere. */
const subscribeToNothing = () => () => undefined;
const roleLabel = (role: SelfRegisteringRole) => (role === 'patient' ? 'Patient' : 'Expert');
