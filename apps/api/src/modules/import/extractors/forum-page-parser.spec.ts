import { readFileSync } from 'node:fs';
import path from 'node:path';
import { htmlToMarkdown, parseForumPage } from './forum-page-parser';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const USERNAMES = ['asker_anna', 'nurse_ben', 'runner_cat', 'dan_the_man', 'worried_wendy', 'calm_carl', 'mindful_mo', 'dave_k'];
const expectNoUsernames = (value: unknown) => {
  const text = JSON.stringify(value);
  for (const name of USERNAMES) expect(text).not.toContain(name);
};

describe('parseForumPage', () => {
  it('reads a Q&A page from its QAPage JSON-LD: accepted and suggested answers', () => {
    const url = 'https://answers.example.org/questions/77/tired-after-radiation';
    const thread = parseForumPage(fixture('forum-qa-jsonld.fixture.html'), url);
    expect(thread.title).toBe('Is it normal to feel tired months after radiation?');
    expect(thread.body).toBe('I finished radiation for breast cancer in March and I am _still_ exhausted.');
    expect(thread.replies).toEqual([
      {
        text: 'Yes. Fatigue can last **months** after treatment. Tell your care team; they can check thyroid function and anaemia.',
        url: `${url}#answer-901`, host: 'answers.example.org', date: '2025-11-02T12:00:00.000Z', score: 42,
      },
      {
        text: 'Gentle exercise helped me. See [this guide](https://answers.example.org/guides/exercise) and not this.',
        url: `${url}#answer-902`, host: 'answers.example.org', date: '2025-11-03T08:15:00.000Z', score: 17,
      },
      { text: 'It took about a year for me.', url: `${url}#answer-903`, host: 'answers.example.org', date: '2025-11-05T18:45:00.000Z', score: 3 },
    ]);
    expectNoUsernames(thread);
  });

  it('reads a forum thread of .post blocks: the first is the question, each other one a reply', () => {
    const url = 'https://forum.example.org/viewtopic.php?t=42';
    const thread = parseForumPage(fixture('forum-thread-posts.fixture.html'), url);
    expect(thread.title).toBe('Scan anxiety before the 6-month CT');
    expect(thread.body).toBe('My 6-month CT is next Friday and I cannot sleep. How do you cope with the waiting?');
    expect(thread.replies).toEqual([
      {
        text: 'I book something nice for the day of the scan.\nAlso ask when the results come so you are **not** refreshing the portal all day.',
        url: `${url}#p1002`, host: 'forum.example.org', date: '2025-12-01T21:10:00.000Z', score: null,
      },
      {
        text: 'Box breathing in the waiting room. There is a [thread on breathing](https://forum.example.org/viewtopic.php?t=88) here and a bad link.',
        url: `${url}#p1003`, host: 'forum.example.org', date: '2025-12-02T07:45:00.000Z', score: null,
      },
      {
        text: 'Talk to your nurse about something for the nerves on the day.',
        url: `${url}#p1004`, host: 'forum.example.org', date: '2025-12-02T09:00:00.000Z', score: null,
      },
    ]);
    expectNoUsernames(thread);
    expect(JSON.stringify(thread)).not.toMatch(/evil\.example|tracker\.example|javascript:|signature|NSCLC/);
  });

  it('reads schema.org microdata answers, not the comments nested in them', () => {
    const html = `<html><body>
      <div itemscope itemtype="https://schema.org/Question"><h1 itemprop="name">Does ginger help nausea?</h1><div itemprop="text">During chemo.</div></div>
      <div itemscope itemtype="https://schema.org/Answer" id="a1">
        <div itemprop="text"><p>It helped me a little.</p></div><span itemprop="upvoteCount">1,204</span>
        <time itemprop="dateCreated" datetime="2025-01-02T03:04:05Z">Jan 2</time><a itemprop="author" href="/u/pat">pat_smith</a>
        <div itemscope itemtype="https://schema.org/Comment"><span itemprop="text">Same here.</span></div>
      </div>
      <div itemscope itemtype="https://schema.org/Answer"><link itemprop="url" href="/q/1#a2"><div itemprop="text">Not for me.</div></div>
    </body></html>`;
    const thread = parseForumPage(html, 'https://qa.example.org/q/1');
    expect(thread).toEqual({
      title: 'Does ginger help nausea?',
      body: 'During chemo.',
      url: 'https://qa.example.org/q/1',
      replies: [
        { text: 'It helped me a little.', url: 'https://qa.example.org/q/1#a1', host: 'qa.example.org', date: '2025-01-02T03:04:05.000Z', score: 1204 },
        { text: 'Not for me.', url: 'https://qa.example.org/q/1#a2', host: 'qa.example.org', date: null, score: null },
      ],
    });
  });

  it('falls back to the readable main text as one reply', () => {
    const paragraph = '<p>Living with a stoma took time. The stoma nurse showed me how to change the bag, and after a few weeks it became routine. Support groups helped more than I expected.</p>';
    const html = `<html><head><title>My stoma story</title><meta property="article:published_time" content="2024-05-06T00:00:00Z"></head>
      <body><nav>Menu</nav><main><h1>My stoma story</h1>${paragraph.repeat(3)}</main><footer>Footer</footer></body></html>`;
    const thread = parseForumPage(html, 'https://blog.example.org/stoma');
    expect(thread.title).toBe('My stoma story');
    expect(thread.replies).toHaveLength(1);
    expect(thread.replies[0]).toMatchObject({ url: 'https://blog.example.org/stoma', host: 'blog.example.org', date: '2024-05-06T00:00:00.000Z', score: null });
    expect(thread.replies[0].text).toContain('Support groups helped more than I expected.');
    expect(thread.replies[0].text).not.toMatch(/Menu|Footer/);
  });

  it('says so when a page has nothing to import', () => {
    expect(() => parseForumPage('<html><body></body></html>', 'https://x.example/')).toThrow('Could not find a thread on the page');
  });
});

describe('htmlToMarkdown', () => {
  it('keeps only http(s) links, drops images and active content and any HTML left', () => {
    expect(htmlToMarkdown('<p>a <a href="data:text/html,x">b</a> <a href="https://ok.example/">c</a><img src=x onerror=alert(1)><iframe src="https://x"></iframe> &lt;img src=x&gt;d</p>', 'https://base.example/'))
      .toBe('a b [c](https://ok.example/) d');
  });
});
