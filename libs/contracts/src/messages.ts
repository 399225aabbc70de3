/**
 * The message catalogue. Where a text lives: every text the product specification quotes, and every text both the
 * server and the web use, is in a catalogue of `texts/` (one file per area), re-exported here and nowhere else; a
 * screen's own words are in its feature's `texts.ts` (`apps/<app>/src/features/<feature>/texts.ts`, or
 * `libs/web-ui/src/qa/texts.ts` for the shared Q&A components). tools/docs/text-catalogues.spec.ts refuses a
 * catalogue declared anywhere else.
 */
export * from './texts/messages';
export * from './texts/ai';
export * from './texts/import';
export * from './texts/notifications';
export * from './texts/ops';
export * from './texts/research';
export * from './texts/research-requests';
export * from './texts/two-factor';
export * from './texts/profile';
export * from './texts/labels';
export * from './texts/account';
export * from './texts/expert-credentials';
