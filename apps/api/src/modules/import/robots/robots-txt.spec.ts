import { readFileSync } from 'node:fs';
import path from 'node:path';
import { matchesPattern, parseRobotsTxt, ROBOTS_MAX_RULE_LENGTH, ROBOTS_MAX_RULES, RobotsRules } from './robots-txt';
import { cpuMs } from '../../../common/test/cpu-time';

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
    ['wildcards in the middle', 'User-agent: *\nDisallow: /a*b*c', '/a/x/b/y/c/z', false],
    ['wildcards in the wrong order', 'User-agent: *\nDisallow: /a*b*c', '/a/c/b', true],
    ['a wildcard before $', 'User-agent: *\nDisallow: /*.php$', '/x.php.php', false],
    ['$ needing the last part at the very end', 'User-agent: *\nDisallow: /*.php$', '/x.php/y', true],
    ['$ with parts overlapping', 'User-agent: *\nDisallow: /ab*b$', '/ab', true],
    ['a lone $ rule', 'User-agent: *\nDisallow: /$', '/', false],
    ['a lone $ rule and a longer path', 'User-agent: *\nDisallow: /$', '/a', true],
    ['the longest match with wildcards', 'User-agent: *\nDisallow: /*\nAllow: /pub*lic', '/public', true],
    ['allow wins a tie', 'User-agent: *\nDisallow: /a*\nAllow: /*a', '/a', true],
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

  it('matches a rule of many wildcards against a long path in milliseconds (a regex took about a minute)', () => {
    const rules = parseRobotsTxt(`User-agent: *\nDisallow: /${'*a'.repeat(12)}*b\nDisallow: /${'*'.repeat(400)}x$\nAllow: /`);
    const hostile = `/${'a'.repeat(2000)}`;
    const used = cpuMs(() => {
      expect(rules.isAllowed(hostile)).toBe(true);
      expect(rules.isAllowed(`${hostile}b`)).toBe(false);
      expect(rules.isAllowed(`${hostile}x`)).toBe(false);
    });
    expect(used).toBeLessThan(200);
  });

  it('agrees with a reference matcher on random patterns', () => {
    const toRegex = (pattern: string) =>
      new RegExp(`^${pattern.replace(/\$$/, '').split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}${pattern.endsWith('$') ? '$' : ''}`);
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const word = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');
    for (let i = 0; i < 2000; i++) {
      const pattern = `/${word('ab*', random(6))}${random(3) === 0 ? '$' : ''}`;
      const path = `/${word('ab', random(7))}`;
      const parts = pattern.replace(/\$$/, '').split('*');
      expect([pattern, path, matchesPattern({ parts, anchored: pattern.endsWith('$') }, path)]).toEqual([pattern, path, toRegex(pattern).test(path)]);
    }
  });

  it('keeps at most ROBOTS_MAX_RULES rules and ignores over-long ones', () => {
    const many = `User-agent: *\n${Array.from({ length: ROBOTS_MAX_RULES }, (_, i) => `Allow: /x${i}`).join('\n')}\nDisallow: /blocked`;
    expect(parseRobotsTxt(many).isAllowed('/blocked')).toBe(true);
    const long = `User-agent: *\nDisallow: /${'a'.repeat(ROBOTS_MAX_RULE_LENGTH)}\nDisallow: /b`;
    expect(parseRobotsTxt(long).isAllowed(`/${'a'.repeat(ROBOTS_MAX_RULE_LENGTH)}`)).toBe(true);
    expect(parseRobotsTxt(long).isAllowed('/b')).toBe(false);
  });
});
