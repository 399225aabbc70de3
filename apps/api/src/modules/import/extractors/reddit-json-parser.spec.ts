import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseRedditThread, redditJsonUrl, redditThreadPath } from './reddit-json-parser';

const fixture = JSON.parse(readFileSync(path.join(__dirname, 'fixtures/reddit-thread.fixture.json'), 'utf8'));
const THREAD = 'https://www.reddit.com/r/cancer/comments/abc123/tips_for_getting_through_chemo_fatigue/';

describe('redditThreadPath and redditJsonUrl', () => {
  it.each([
    [THREAD, '/r/cancer/comments/abc123/tips_for_getting_through_chemo_fatigue'],
    ['https://old.reddit.com/r/cancer/comments/abc123/', '/r/cancer/comments/abc123'],
    ['https://reddit.com/r/cancer/comments/ABC123/slug/c4/?context=3', '/r/cancer/comments/abc123/slug'],
    ['https://redd.it/abc123', '/comments/abc123'],
    ['https://www.reddit.com/user/someone/comments/abc123/x/', '/comments/abc123'],
    ['https://www.reddit.com/r/cancer/', null],
    ['https://notreddit.com/r/cancer/comments/abc123/', null],
  ])('%s → %s', (url, expected) => {
    expect(redditThreadPath(new URL(url))).toBe(expected);
  });

  it('builds the public JSON form with raw_json=1', () => {
    const json = new URL(redditJsonUrl(redditThreadPath(new URL(THREAD))!));
    expect(json.pathname).toBe('/r/cancer/comments/abc123/tips_for_getting_through_chemo_fatigue.json');
    expect(json.searchParams.get('raw_json')).toBe('1');
    expect(redditThreadPath(new URL('http://127.0.0.1:4599/r/cancer/comments/abc123/'), '127.0.0.1:4599')).toBe('/r/cancer/comments/abc123');
  });
});

describe('parseRedditThread', () => {
  const thread = parseRedditThread(fixture, THREAD);

  it('reads the title and the selftext', () => {
    expect(thread.title).toBe('Tips for getting through chemo fatigue?');
    expect(thread.body).toBe('Starting round 3 next week. What helped you with the **fatigue**? Thanks u/… for the link.');
    expect(thread.url).toBe(THREAD);
  });

  it('keeps top-level comments by score, skipping deleted, removed and moderator notes', () => {
    expect(thread.replies).toEqual([
      {
        text: 'Plan naps around the infusion days and ask your team about anaemia. alert(\'x\')As u/… said, move a bit.',
        url: 'https://www.reddit.com/r/cancer/comments/abc123/tips_for_getting_through_chemo_fatigue/c4/',
        host: 'www.reddit.com',
        date: '2026-01-01T02:00:00.000Z',
        score: 31,
      },
      {
        text: 'Short walks every day, even 10 minutes. It felt wrong but it *helped*.',
        url: 'https://www.reddit.com/r/cancer/comments/abc123/tips_for_getting_through_chemo_fatigue/c2/',
        host: 'www.reddit.com',
        date: '2026-01-01T01:00:00.000Z',
        score: 12,
      },
    ]);
  });

  it('never keeps a username', () => {
    const all = JSON.stringify(thread);
    for (const name of ['original_poster_name', 'walker_jane', 'nap_planner', 'helper_bot', 'AutoModerator', 'mod_person']) {
      expect(all).not.toContain(name);
    }
  });

  it('refuses what is not a thread listing', () => {
    expect(() => parseRedditThread({ error: 403 }, THREAD)).toThrow('Could not find a thread on the page');
  });
});
