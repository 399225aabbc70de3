import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button, Result, Typography } from 'antd';
import { Link, useLinkClickHandler, useNavigate, useSearchParams } from 'react-router-dom';
import { landingHref, type LandingMode, type LandingState, Messages, OIDC_ERROR_PARAM, OIDC_TWO_FACTOR_PARAM, type SelfRegisteringRole } from '@cqa/contracts';
import { destinationAfterLogin, selectCurrentUser, useAppSelector } from '@cqa/web-core';
import { PageTitle } from '@cqa/web-ui';
import { LoginForm } from '../../auth/components/LoginForm';
import { Panel } from '../components/Panel';
import { RegisterForm, type RegistrationOutcome } from '../components/RegisterForm';
import { readHasAccount, writeHasAccount } from '../has-account';
import { LandingTexts } from '../texts';

type Mode = LandingMode;
type Screen = NonNullable<LandingState['screen']>;

export const ROLE_PROMPT = 'I am logging in/registering as a...';

export function LandingPage() {
  return (
    // Two columns from 768 px, one below: CSS (.cqa-landing in tools/webpack/index.html), not antd's responsive Row,
    // whose gutter is known only in the browser: the pre-rendered page was 402 px wide on a 390 px phone.
    <section className="cqa-landing">
      <div>
        <PageTitle>An AI-powered network of top cancer researchers</PageTitle>
        <Typography.Paragraph style={{ fontSize: 18 }}>
          Our mission is to give people the latest scientific information in the non-FDA-regulated, investigative
          space for cancer prevention and treatment.
        </Typography.Paragraph>
        <Typography.Paragraph>
          Patients ask questions and get answers from an AI model, community discussions, cancer experts and AI deep
          research.
        </Typography.Paragraph>
      </div>
      <div>
        <AccessPanel />
      </div>
    </section>
  );
}

function AccessPanel() {
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  // One URL per state (landingHref): the role, the mode and the outcome screens are the query's, so each has its
  // pre-rendered page, and a choice made before the script runs is a link the browser follows.
  const [params] = useSearchParams();
  // An institution sign-in comes back here (experts only) when refused, or when it needs the second factor: show the
  // expert login, with the reason or the two-factor step.
  const institutionReturn = params.has(OIDC_ERROR_PARAM) || params.has(OIDC_TWO_FACTOR_PARAM);
  const role = roleParam(params.get('role')) ?? (institutionReturn ? 'expert' : 'patient');
  const chosenMode = modeParam(params.get('mode')) ?? (institutionReturn ? 'login' : null);
  const urlScreen = screenParam(params.get('screen'));
  // Without a mode in the URL, the one remembered in this browser (hasAccount): known only once hydrated, as the
  // pre-rendered page was built without a visitor; and not over a registration the visitor has started meanwhile.
  const panel = useRef<HTMLDivElement>(null);
  const [returning, setReturning] = useState(false);
  useEffect(() => {
    if (!chosenMode && readHasAccount() && !hasInput(panel.current)) setReturning(true);
  }, [chosenMode]);
  // A mode in the URL is the visitor's choice (a link followed, with or without the script): remembered.
  useEffect(() => {
    if (chosenMode && !institutionReturn) writeHasAccount(chosenMode === 'login');
  }, [chosenMode, institutionReturn]);
  const mode: Mode = chosenMode ?? (returning ? 'login' : 'register');
  // The outcome of a registration sent with the script; without it, the form post comes back to ?screen=.
  const [outcome, setOutcome] = useState<{ screen: Screen; message: string } | null>(null);
  const screen = outcome?.screen ?? urlScreen;
  const registeredMessage = outcome?.message ?? Messages.success.registration;

  const onOutcome = (result: RegistrationOutcome) => {
    if (result.kind === 'registered') {
      writeHasAccount(true);
      setOutcome({ screen: 'registered', message: result.message });
    } else if (result.kind === 'rejected') {
      setOutcome({ screen: 'rejected', message: '' });
    } else {
      void navigate(landingHref({ role, mode: 'login' }));
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

  const returnToLogin = (
    <ChoiceLink to={landingHref({ role, mode: 'login' })} selected={false} primary onClick={() => setOutcome(null)}>
      Return to Login
    </ChoiceLink>
  );

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
          extra={returnToLogin}
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
          extra={returnToLogin}
        />
      </Panel>
    );
  }

  const otherMode: Mode = mode === 'login' ? 'register' : 'login';
  return (
    <Panel ref={panel}>
      <div role="group" aria-labelledby="role-prompt" style={{ margin: '0 0 16px' }}>
        <p id="role-prompt" style={{ fontSize: 16, fontWeight: 600, margin: '0 0 8px' }}>{ROLE_PROMPT}</p>
        <div style={{ display: 'flex' }}>
          {ROLES.map(({ value, label }, index) => (
            <ChoiceLink
              key={value}
              // The mode stays as the URL has it: none (the remembered one), or the one chosen.
              to={landingHref({ role: value, mode: params.get('mode') ? mode : undefined })}
              selected={value === role}
              joined={index === 0 ? 'start' : 'end'}
            >
              {label}
            </ChoiceLink>
          ))}
        </div>
      </div>
      <h2 style={{ fontSize: 20, margin: '0 0 4px' }}>{mode === 'login' ? `${roleLabel(role)} Login` : `${roleLabel(role)} Registration`}</h2>
      {/* The other mode before the form, not after it: on a phone the registration form is several screens long. */}
      <Typography.Paragraph style={{ marginBottom: 16 }}>
        {mode === 'login' ? "Don't have an account? " : 'Already have an account? '}
        {/* Underlined: told from the sentence around it by more than its colour. */}
        <Link to={landingHref({ role, mode: otherMode })} style={{ textDecoration: 'underline', display: 'inline-block', minHeight: 24 }}>
          {otherMode === 'login' ? 'Login' : 'Register'}
        </Link>
      </Typography.Paragraph>
      {mode === 'login' ? (
        <LoginForm key={role} portal={role} onSignedIn={(signedIn) => void navigate(destinationAfterLogin(signedIn))} />
      ) : (
        <RegisterForm key={role} role={role} onOutcome={onOutcome} />
      )}
    </Panel>
  );
}

/**
 * A choice drawn as a button: a link to the state it chooses, so it works before the page's script runs (the browser
 * loads that state's page); once hydrated, the router moves there without reloading.
 */
function ChoiceLink({ to, selected, primary, joined, onClick, children }: {
  to: string; selected: boolean; primary?: boolean; joined?: 'start' | 'end'; onClick?: () => void; children: ReactNode;
}) {
  const follow = useLinkClickHandler(to);
  const radius = joined === 'start' ? { borderStartEndRadius: 0, borderEndEndRadius: 0 } : joined === 'end' ? { borderStartStartRadius: 0, borderEndStartRadius: 0, marginInlineStart: -1 } : {};
  return (
    <Button
      href={to}
      type={selected || primary ? 'primary' : 'default'}
      aria-current={selected ? 'true' : undefined}
      style={radius}
      onClick={(event: MouseEvent<HTMLElement>) => {
        onClick?.();
        follow(event as MouseEvent<HTMLAnchorElement>);
      }}
    >
      {children}
    </Button>
  );
}

/** Whether the visitor has typed or ticked anything in the panel's form (before the script ran, say). */
function hasInput(panel: HTMLElement | null): boolean {
  return [...(panel?.querySelectorAll('input') ?? [])].some((input) =>
    input.type === 'hidden' ? false : input.type === 'checkbox' ? input.checked : input.value !== '');
}

const ROLES: { value: SelfRegisteringRole; label: string }[] = [
  { value: 'patient', label: LandingTexts.roles.patient },
  { value: 'expert', label: LandingTexts.roles.expert },
];
const roleParam = (value: string | null): SelfRegisteringRole | null => (value === 'patient' || value === 'expert' ? value : null);
const modeParam = (value: string | null): Mode | null => (value === 'login' || value === 'register' ? value : null);
const screenParam = (value: string | null): Screen | null => (value === 'registered' || value === 'rejected' ? value : null);
const roleLabel = (role: SelfRegisteringRole) => (role === 'patient' ? 'Patient' : 'Expert');
