import { createHash } from 'node:crypto';

/**
 * One form per address, for whatever counts an address before (or without) its account: NFKD, accents and invisible
 * characters removed, NFKC, case folded. users.email is compared under utf8mb4_unicode_ci (case, accents, width and
 * zero-width characters ignored, ß as ss, œ as oe); this form joins what that collation joins among the letters an
 * address is commonly written with (auth-throttle.integration-spec.ts holds it to MariaDB). A spelling the database
 * resolves to an account is counted by the account (accountKeyOf), so a rare letter this misses (phonetic ligatures)
 * costs little: an address without an account cannot sign in, and no mail goes to it but its one registration's.
 * Where it joins more (ı and i), two addresses share a count, which errs on the safe side.
 */
export function canonicalEmail(email: string): string {
  return email
    .normalize('NFKD')
    .replace(/[\p{M}\p{Default_Ignorable_Code_Point}]/gu, '')
    .normalize('NFKC')
    // Approximates full case folding: ẞ to ß to SS to ss, final sigma to sigma.
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .replace(/œ/g, 'oe')
    // Last: a spacing accent (¨) decomposes to a space and a mark.
    .trim();
}

/** The canonical address's digest: throttle keys and logs never hold an address in clear. */
export function emailKey(email: string): string {
  return createHash('sha256').update(canonicalEmail(email), 'utf8').digest('hex').slice(0, 32);
}

/**
 * Whose per-account limits an attempt counts against (the sign-in failures, the e-mail limits, the password gate's
 * per-account turn): the account once it is found, so every spelling the database resolves to it shares one count;
 * before that (or for an address with no account) the canonical address.
 */
export type AccountKey = string & { readonly __accountKey: true };

export const userAccountKey = (userId: string): AccountKey => `user:${userId}` as AccountKey;

/** The key of an address by itself (registration, which succeeds only for an address with no account). */
export const addressKey = (email: string): AccountKey => `email:${emailKey(email)}` as AccountKey;

export const accountKeyOf = (user: { id: string } | null | undefined, email: string): AccountKey =>
  user ? userAccountKey(user.id) : addressKey(email);
