import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseRobotsTxt, RobotsRules } from './robots-txt';

const SITE = `
# A typical file
User-agent: *
Disallow: /private/
Disallow: /*.pdf$
Allow: /private/open/
Crawl-delay: 2

User-agent: BadBot
Disallow: /
`;

const OURS = `
User-agent: Googlebot
User-agent: cancerqa-importer
Disallow: /threads/
Allow: /threads/public
Crawl-delay: 5

User-agent: *
Disallow: /
`;

describe('parseRobotsTxt', () => {
  it.each<[string, string, string, boolean]>([
    ['the * group when ours is absent', SITE, '/threads/1', true],
    ['a disallowed folder', SITE, '/private/notes', false],
    ['the longer allow inside it', SITE, '/private/open/page', true],
    ['$ anchoring the end', SITE, '/files/report.pdf', false],
    ['$ not matching a longer path', SITE, '/files/report.pdf?download=1', true],
    ['our own group (case-insensitive, shared with another agent)', OURS, '/threads/42', false],
    ['our allow that is longer', OURS, '/threads/public/42', true],
    ['not the * group once ours exists', OURS, '/about', true],
    ['robots.txt itself', 'User-agent: *\nDisallow: /', '/robots.txt', true],
    ['an empty disallow (allows all)', 'User-agent: *\nDisallow:', '/anything', true],
    ['an empty file', '', '/anything', true],
    ['a file without our group or *', 'User-agent: OtherBot\nDisallow: /', '/anything', true],
    ['an allow winning a tie', 'User-agent: *\nDisallow: /page\nAllow: /page', '/page', true],
    ['a wildcard in the middle', 'User-agent: *\nDisallow: /*/comments/', '/r/cancer/comments/abc', false],
    ['the query string', 'User-agent: *\nDisallow: /search?q=', '/search?q=x', false],
    ['percent-encoded unreserved characters', 'User-agent: *\nDisallow: /%7Euser/', '/~user/page', false],
    ['non-ASCII paths', 'User-agent: *\nDisallow: /café', '/caf%C3%A9/menu', false],
    ['a rule without a leading slash', 'User-agent: *\nDisallow: private', '/private', false],
    ['comments and CRLF line ends', 'User-agent: * # all\r\nDisallow: /x # no\r\n', '/x/y', false],
    ['our product token with a version', 'User-agent: CancerQA-Importer/1.0\nDisallow: /\n\nUser-agent: *\nAllow: /', '/a', false],
    ['rules before any user-agent (ignored)', 'Disallow: /\nUser-agent: *\nAllow: /', '/a', true],
    ['groups of the same agent merged', 'User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b', '/b/1', false],
  ])('%s', (_label, text, path, allowed) => {
    expect(parseRobotsTxt(text).isAllowed(path)).toBe(allowed);
  });

  it('reads Crawl-delay from the chosen group', () => {
    expect(parseRobotsTxt(SITE).crawlDelaySeconds).toBe(2);
    expect(parseRobotsTxt(OURS).crawlDelaySeconds).toBe(5);
    expect(parseRobotsTxt('User-agent: *\nCrawl-delay: soon').crawlDelaySeconds).toBeNull();
  });

  it('has allow-all and disallow-all outcomes', () => {
    expect(RobotsRules.allowAll().isAllowed('/x')).toBe(true);
    expect(RobotsRules.disallowAll().isAllowed('/x')).toBe(false);
    expect(RobotsRules.disallowAll().isAllowed('/robots.txt')).toBe(true);
  });

  it("reads Reddit's real robots.txt as a refusal of every anonymous path", () => {
    const reddit = parseRobotsTxt(readFileSync(path.join(__dirname, '../extractors/fixtures/reddit-robots.real.txt'), 'utf8'));
    for (const target of ['/', '/r/cancer/comments/abc123/slug.json?raw_json=1', '/comments/abc123', '/api/v1/access_token']) {
      expect(reddit.isAllowed(target)).toBe(false);
    }
    expect(reddit.crawlDelaySeconds).toBeNull();
  });
});
