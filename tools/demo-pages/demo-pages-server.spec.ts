import { DEMO_PAGES, startDemoPages } from './demo-pages-server';

describe('the link-import demo pages', () => {
  it('serve the fixtures, a robots.txt refusing /private/ and the settings that let the app reach them', async () => {
    const pages = await startDemoPages();
    try {
      expect(pages.env).toEqual({ FETCH_ALLOW_HOSTS: pages.host, REDDIT_BASE_URL: pages.origin, FETCH_HOST_DELAY_MS: '0' });
      expect(await (await fetch(`${pages.origin}/robots.txt`)).text()).toContain('Disallow: /private/');
      const reddit = await fetch(`${pages.origin}${DEMO_PAGES.reddit.replace(/\/$/, '')}.json`);
      expect(reddit.headers.get('content-type')).toBe('application/json');
      expect(await reddit.json()).toEqual(expect.any(Array));
      expect(await (await fetch(`${pages.origin}${DEMO_PAGES.forum}`)).text()).toContain('Scan anxiety');
      expect((await fetch(`${pages.origin}${DEMO_PAGES.missing}`)).status).toBe(404);
    } finally {
      await pages.close();
    }
  });
});
