import { isDocumentNavigation, looksLikePhone } from './page-server';

describe('the page server’s request checks', () => {
  const navigation = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  it('takes only a top-level navigation that accepts HTML for a page load (issue 42, F-36)', () => {
    expect(isDocumentNavigation(navigation)).toBe(true);
    expect(isDocumentNavigation({ ...navigation, 'sec-fetch-dest': 'image' })).toBe(false);
    expect(isDocumentNavigation({ ...navigation, 'sec-fetch-dest': 'iframe' })).toBe(false);
    expect(isDocumentNavigation({ ...navigation, 'sec-fetch-mode': 'no-cors' })).toBe(false);
    expect(isDocumentNavigation({ ...navigation, 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' })).toBe(false);
    expect(isDocumentNavigation({ ...navigation, accept: 'image/avif,image/webp,*/*' })).toBe(false);
    expect(isDocumentNavigation({ accept: 'text/html' })).toBe(false);
  });

  it('tells a phone from its User-Agent', () => {
    expect(looksLikePhone('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/156 Mobile Safari/537.36')).toBe(true);
    expect(looksLikePhone('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe(true);
    expect(looksLikePhone('Mozilla/5.0 (Linux; Android 14; SM-X910) AppleWebKit/537.36 Chrome/156 Safari/537.36')).toBe(false);
    expect(looksLikePhone('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156 Safari/537.36')).toBe(false);
  });

  it('reads a bounded part of the User-Agent, so a long header costs no more than a short one (issue 42, F-37)', () => {
    // The earlier pattern (`Android.*Mobile`) scanned the rest of the header from every "Android" in it.
    expect(looksLikePhone(`${'Android '.repeat(100)}Mobile`)).toBe(false);
    expect(looksLikePhone(`${'Android '.repeat(20)}Mobile`)).toBe(true);
  });
});
