import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseRobotsTxt } from '../../apps/api/src/modules/import/robots/robots-txt';
import { DEMO_PAGES, DEMO_REDDIT_APP, startDemoPages } from './demo-pages-server';

const REDDIT_ROBOTS = readFileSync(path.join(__dirname, '../../apps/api/src/modules/import/extractors/fixtures/reddit-robots.real.txt'), 'utf8');

describe('the link-import demo pages', () => {
  it('serve the forum fixtures and the settings that let the app reach them', async () => {
    const pages = await startDemoPages();
    try {
      expect(pages.env).toEqual({
        FETCH_ALLOW_HOSTS: pages.host,
        FETCH_HOST_DELAY_MS: '0',
        REDDIT_BASE_URL: pages.origin,
        REDDIT_AUTH_BASE_URL: `${pages.origin}/api/v1/access_token`,
        REDDIT_OAUTH_BASE_URL: `${pages.origin}/oauth`,
        REDDIT_CLIENT_ID: DEMO_REDDIT_APP.clientId,
        REDDIT_CLIENT_SECRET: DEMO_REDDIT_APP.clientSecret,
      });
      expect(await (await fetch(`${pages.origin}${DEMO_PAGES.forum}`)).text()).toContain('Scan anxiety');
      expect((await fetch(`${pages.origin}${DEMO_PAGES.missing}`)).status).toBe(404);
    } finally {
      await pages.close();
    }
  });

  it('refuse anonymous Reddit access as Reddit does: its real robots.txt, then 403; the OAuth app-only flow reads the thread', async () => {
    const pages = await startDemoPages();
    try {
      const robotsTxt = await (await fetch(`${pages.origin}/robots.txt`)).text();
      expect(robotsTxt.startsWith(REDDIT_ROBOTS)).toBe(true);
      const robots = parseRobotsTxt(robotsTxt);
      expect(robots.isAllowed(`${DEMO_PAGES.reddit.replace(/\/$/, '')}.json?raw_json=1&sort=top&limit=100`)).toBe(false);
      expect(robots.isAllowed(DEMO_PAGES.reddit)).toBe(false);
      expect(robots.isAllowed(DEMO_PAGES.refused)).toBe(false);
      expect(robots.isAllowed(DEMO_PAGES.forum)).toBe(true);
      expect(robots.isAllowed(DEMO_PAGES.qa)).toBe(true);

      expect((await fetch(`${pages.origin}${DEMO_PAGES.reddit.replace(/\/$/, '')}.json?raw_json=1`)).status).toBe(403);

      const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
      const token = (authorization: string) =>
        fetch(`${pages.env.REDDIT_AUTH_BASE_URL}`, {
          method: 'POST',
          body: 'grant_type=client_credentials',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        });
      expect((await token(basic('someone', 'else'))).status).toBe(401);
      const granted = (await (await token(basic(DEMO_REDDIT_APP.clientId, DEMO_REDDIT_APP.clientSecret))).json()) as { access_token: string; token_type: string };
      expect(granted.token_type).toBe('bearer');
      const thread = `${pages.env.REDDIT_OAUTH_BASE_URL}${DEMO_PAGES.reddit.replace(/\/$/, '')}?raw_json=1&sort=top&limit=100`;
      expect((await fetch(thread)).status).toBe(401);
      const answer = await fetch(thread, { headers: { authorization: `Bearer ${granted.access_token}` } });
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await answer.json()).toEqual(expect.any(Array));
    } finally {
      await pages.close();
    }
  });
});
