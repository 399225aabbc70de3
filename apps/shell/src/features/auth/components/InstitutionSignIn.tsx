import { Alert, Button, Divider } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { AuthTexts, OIDC_ERROR_PARAM, OIDC_START_PATH } from '@cqa/contracts';
import { useAuthConfigQuery } from '@cqa/web-core';

const REFUSALS: Record<string, string> = {
  unverified: AuthTexts.institutionEmailUnverified,
  no_account: AuthTexts.institutionNoAccount,
  failed: AuthTexts.institutionFailed,
};

/** Why the last institution sign-in was refused, from the callback's redirect back to this page. */
export function InstitutionSignInRefusal() {
  const [params] = useSearchParams();
  const reason = params.get(OIDC_ERROR_PARAM);
  if (!reason) return null;
  return <Alert type="error" role="alert" showIcon title={REFUSALS[reason] ?? AuthTexts.institutionFailed} style={{ marginBottom: 16 }} />;
}

/**
 * 'Sign in with your institution' (OpenID Connect) for experts and admins, shown only when the server has an identity
 * provider configured. A full-page navigation: the server redirects to the provider and back.
 */
export function InstitutionSignIn({ portal }: { portal: 'expert' | 'admin' }) {
  const { data } = useAuthConfigQuery();
  if (!data?.institutionSignIn) return null;
  return (
    <>
      <Divider plain>or</Divider>
      <Button block href={`${OIDC_START_PATH}?portal=${portal}`}>
        {AuthTexts.institutionSignIn}
      </Button>
    </>
  );
}
