// How the benchmarks sign in: as the product requires. An account that must have a second factor and has none (admins
// and experts by default) is enrolled at sign-in, as a person would at the login page: the challenge, a new secret, the
// code an authenticator app would show (computed by the built API's own TOTP code), then the session.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Signs `email` in on `baseUrl` with the password; `dist` is the built API's `apps/api/src` folder. An account with an
 * authenticator already enrolled cannot be signed in here (the bench does not know its secret): start it without one.
 * `headers` are sent with every request (e.g. an `x-forwarded-for` of the bench's own).
 */
export async function benchSignIn({ baseUrl, dist, email, password, role, headers = {} }) {
  const post = async (route, body) => {
    const res = await fetch(`${baseUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`bench sign-in of ${email}: POST ${route} answered ${res.status}: ${text.slice(0, 200)}`);
    return JSON.parse(text);
  };
  const answer = await post('/api/auth/login', { email, password, role });
  if (!answer.twoFactorRequired) return answer;
  if (!answer.enrolmentRequired) {
    throw new Error(`bench sign-in of ${email}: the account already has an authenticator the bench does not hold; start from an account without one`);
  }
  const { base32Decode, hotp, totpStep } = require(path.join(dist, 'modules/auth/two-factor/totp.js'));
  const { secret } = await post('/api/auth/two-factor/enrol/setup', { challenge: answer.challenge });
  const code = hotp(base32Decode(secret), totpStep(Date.now()));
  return post('/api/auth/two-factor/enrol/confirm', { challenge: answer.challenge, code });
}
