export const SAFE_LINK_REL = 'noopener noreferrer nofollow';

/**
 * Which links stay links. 'all' (community and expert answers): every link. 'allowed' (model-written text: AI answers,
 * deep research): only links to `allowedHrefs` (our cited sources) and citation links; any other link — a bare URL,
 * a `www.` host or an e-mail address that GFM autolinks, or a written link — is shown as its text, and an image as its
 * alt text, so the model can never point a reader (or the browser) somewhere we did not cite.
 */
export type LinkPolicy = 'all' | 'allowed';

export interface MarkdownProps {
  children: string;
  /** Links written `[[n]](…)` (an AI answer's numbered citations) go to this in-page anchor instead. */
  citationHref?: (n: number) => string;
  linkPolicy?: LinkPolicy;
  /** With linkPolicy 'allowed': the addresses that may stay links (e.g. the answer's sources' URLs). */
  allowedHrefs?: Iterable<string>;
}
