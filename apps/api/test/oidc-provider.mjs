// A local OpenID Connect provider (the `oidc-provider` package) for the OIDC sign-in tests, run as its own process
// (it ships ES modules only). Accounts come from OIDC_TEST_ACCOUNTS: { "<login>": { "email": …, "email_verified": … } };
// the dev login form accepts any password. Consent is granted up front for the one client.
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_TEST_PORT);
const accounts = JSON.parse(process.env.OIDC_TEST_ACCOUNTS ?? '{}');
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [{
    client_id: process.env.OIDC_TEST_CLIENT_ID,
    client_secret: process.env.OIDC_TEST_CLIENT_SECRET,
    redirect_uris: [process.env.OIDC_TEST_REDIRECT_URI],
    grant_types: ['authorization_code'],
    response_types: ['code'],
  }],
  pkce: { required: () => true },
  claims: { openid: ['sub'], email: ['email', 'email_verified'] },
  features: { devInteractions: { enabled: true } },
  async findAccount(_ctx, id) {
    const account = accounts[id];
    if (!account) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...account }) };
  },
  async loadExistingGrant(ctx) {
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid email');
    grant.addOIDCClaims(['email', 'email_verified']);
    await grant.save();
    return grant;
  },
});
provider.listen(port, '127.0.0.1', () => process.stdout.write(`ready ${issuer}\n`));
