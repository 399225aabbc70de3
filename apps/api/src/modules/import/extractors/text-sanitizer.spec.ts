import { cleanMarkdown, cleanTitle, CLEAN_INPUT_FACTOR } from './text-sanitizer';
import { htmlToMarkdown, MAX_WHITESPACE_RUN } from './forum-page-parser';
import { parsePastedThread } from './paste-mode-parser';
import { cpuMs } from '../../../common/test/cpu-time';

/** The regex pipeline cleanMarkdown replaced (quadratic on runs of spaces and unclosed tags), as the reference. */
function reference(text: string): string {
  // eslint-disable-next-line no-control-regex -- the same set as the sanitizer
  const control = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/\]\(\s*(?:javascript|data|vbscript|file):[^)]*\)/gi, '](#)')
    .replace(control, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const elapsed = cpuMs;

describe('cleanMarkdown', () => {
  it('cleans as the regex pipeline did', () => {
    const cases = [
      'a  \t\nb\n\n\n\nc  ',
      'x <!-- hidden --> y <!-- open',
      '<b>bold</b> 2 < 3 and <3 and </ p> <a href="x">link</a> <unclosed',
      '[x](javascript:alert(1)) [y]( data:text/html,1) [z](https://ok.example) [w](file:/etc',
      'bi\u202Edi\u0000 zero\u200Bwidth',
      'line\r\nend\rold mac',
    ];
    for (const text of cases) expect(cleanMarkdown(text, 10_000)).toBe(reference(text));
  });

  it('agrees with the regex pipeline on random markup', () => {
    let seed = 11;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const atoms = [' ', '\t', '\n', '\r', 'a', '<', '>', '/', 'b', '<!--', '-->', '](', 'javascript:', ')', '\u200B'];
    for (let i = 0; i < 3000; i++) {
      const text = Array.from({ length: random(24) }, () => atoms[random(atoms.length)]).join('');
      expect([text, cleanMarkdown(text, 10_000)]).toEqual([text, reference(text)]);
    }
  });

  it.each<[string, string]>([
    ['80,000 spaces without a line end', `x${' '.repeat(80_000)}y`],
    ['80,000 spaces before each of many lines', `${' '.repeat(80_000)}x\n`.repeat(3)],
    ['unclosed tags', '<a'.repeat(100_000)],
    ['unclosed script links', '](javascript:'.repeat(40_000)],
    ['unclosed comments', '<!-'.repeat(100_000)],
  ])('cleans %s in milliseconds', (_label, text) => {
    expect(elapsed(() => cleanMarkdown(text, 1_000_000))).toBeLessThan(200);
  });

  it('cuts the text before cleaning it', () => {
    const text = `${'a'.repeat(100 * CLEAN_INPUT_FACTOR)}<b>never read</b>`;
    expect(cleanMarkdown(text, 100)).toHaveLength(100);
  });

  it('makes a title of 80,000 spaces in milliseconds', () => {
    expect(elapsed(() => expect(cleanTitle(`a${' '.repeat(80_000)}b`)).toBe('a'))).toBeLessThan(200);
  });
});

describe('hostile pages', () => {
  it('turns a <pre> of 80,000 spaces into markdown in milliseconds', () => {
    const html = `<pre>x${' '.repeat(80_000)}y</pre><p>tail</p>`;
    expect(elapsed(() => htmlToMarkdown(html, 'https://forum.example/t/1'))).toBeLessThan(200);
  });

  it.each<[string, string]>([
    ['80,000 &nbsp; in a <pre>', `<pre>x${'&nbsp;'.repeat(80_000)}y</pre>`],
    ['80,000 <br> between words', `<p>x${'<br>'.repeat(80_000)}y</p>`],
    ['500 nested elements', `${'<div>'.repeat(500)}x${' '.repeat(80_000)}y`],
  ])('turns %s into markdown fast', (_label, html) => {
    let markdown = '';
    expect(elapsed(() => (markdown = htmlToMarkdown(html, 'https://forum.example/t/1')))).toBeLessThan(1000);
    expect(markdown).toMatch(/^[\s\S]*x[\s\S]*y/);
  });

  it.each<[string, string]>([
    ['spaces', `<pre>x${' '.repeat(500)}y</pre>`],
    ['entities', `<pre>x${'&nbsp;&#32;&#x9;'.repeat(100)}y</pre>`],
    ['line breaks', `<p>x${'<br/>'.repeat(100)}y</p>`],
    ['spaces split over inline elements', `<pre>x${'<b> </b><i>\n</i>'.repeat(200)}y</pre>`],
    ['spaces between scripts, forms and comments', `<pre>x${'  <script>z</script><form>z</form><!-- z -->'.repeat(200)}y</pre>`],
  ])('lets no whitespace run longer than MAX_WHITESPACE_RUN reach the markdown: %s', (_label, html) => {
    const markdown = htmlToMarkdown(html, 'https://forum.example/t/1');
    expect(markdown).toMatch(/x[\s\S]*y/);
    expect(Math.max(...(markdown.match(/\s+/g) ?? ['']).map((run) => run.length))).toBeLessThanOrEqual(MAX_WHITESPACE_RUN + 4);
  });

  it('keeps ordinary whitespace in code', () => {
    expect(htmlToMarkdown('<pre><code>if (a) {\n    b();\n}</code></pre>', 'https://forum.example/t/1')).toBe('```\nif (a) {\n    b();\n}\n```');
  });

  it('reads a pasted thread with 80,000 spaces in milliseconds', () => {
    const text = `Title\n\nfirst${' '.repeat(80_000)}reply\n\n${' '.repeat(80_000)}\n\nsecond`;
    let replies = 0;
    expect(elapsed(() => (replies = parsePastedThread(text, 'https://forum.example/t/1').replies.length))).toBeLessThan(200);
    expect(replies).toBe(2);
  });
});
