import { parsePastedThread } from './paste-mode-parser';

describe('parsePastedThread', () => {
  const url = 'https://www.quora.com/What-helped-with-chemo-nausea';

  it('takes the first line as the title and each blank-line separated block as a reply', () => {
    const thread = parsePastedThread(
      'What helped with chemo nausea?\r\n\r\nGinger tea helped me a lot.\nEspecially in the morning.\n\n\n  \nSmall meals every two hours.\n\n<script>alert(1)</script>Ask about <b>ondansetron</b>.\n',
      url,
    );
    expect(thread).toEqual({
      title: 'What helped with chemo nausea?',
      body: null,
      url,
      replies: [
        { text: 'Ginger tea helped me a lot.\nEspecially in the morning.', url, host: 'www.quora.com', date: null, score: null },
        { text: 'Small meals every two hours.', url, host: 'www.quora.com', date: null, score: null },
        { text: 'alert(1)Ask about ondansetron.', url, host: 'www.quora.com', date: null, score: null },
      ],
    });
  });

  it('asks for the format when there is no reply, and refuses a non-web source', () => {
    expect(() => parsePastedThread('Only a title', url)).toThrow(/title on the first line/);
    expect(() => parsePastedThread('T\n\nreply', 'javascript:alert(1)')).toThrow('Only http and https links are allowed');
  });

  it('caps long replies', () => {
    const thread = parsePastedThread(`Title\n\n${'x'.repeat(20_000)}`, url);
    expect(thread.replies[0].text.length).toBe(10_000);
  });
});
