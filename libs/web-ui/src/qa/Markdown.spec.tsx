import { render, screen, within } from '@testing-library/react';
import { Markdown } from './Markdown';

describe('Markdown', () => {
  it('renders markdown with single line breaks kept', () => {
    const { container } = render(<Markdown>{'**Bold** point\nnext line\n\n- one\n- two'}</Markdown>);
    expect(container.querySelector('strong')).toHaveTextContent('Bold');
    expect(container.querySelectorAll('br')).toHaveLength(1);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('renders no raw HTML from the text', () => {
    const { container } = render(
      <Markdown>{'Hello <script>window.hacked = 1</script><img src=x onerror="alert(1)"> <b>bold</b>\n\n<iframe src="https://x.test"></iframe>'}</Markdown>,
    );
    expect(container.querySelector('script, img, iframe, b')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|script|iframe/);
    expect(container).toHaveTextContent(/Hello .*bold/);
  });

  it('loads no image from the text: an image becomes a link to it, named by its alt text (issue 42, F-36)', () => {
    const { container } = render(<Markdown>{'See ![a scan](https://tracker.example/pixel.png) and ![](/patient/questions) here'}</Markdown>);
    expect(container.querySelector('img')).toBeNull();
    const named = screen.getByRole('link', { name: 'Image: a scan' });
    expect(named).toHaveAttribute('href', 'https://tracker.example/pixel.png');
    expect(named).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByRole('link', { name: 'Image (opens in a new tab)' })).toHaveAttribute('href', '/patient/questions');
  });

  it('opens links in a new tab with a safe rel, and drops javascript: targets', () => {
    render(<Markdown>{'[Trial](https://clinicaltrials.gov/x) and [mail](mailto:a@b.test) and [bad](javascript:alert(1))'}</Markdown>);
    for (const name of ['Trial', 'mail']) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    }
    expect(screen.getByRole('link', { name: 'Trial' })).toHaveAttribute('href', 'https://clinicaltrials.gov/x');
    const bad = screen.getByText('bad');
    expect(bad.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('keeps headings of the text below the page headings', () => {
    render(<Markdown>{'# Big\n\n## Smaller'}</Markdown>);
    expect(screen.getByRole('heading', { name: 'Big' }).tagName).toBe('H4');
    expect(screen.getByRole('heading', { name: 'Smaller' }).tagName).toBe('H5');
  });

  it('renders GFM tables (the deep research evidence table) with header cells, alignment and safe links', () => {
    const table = [
      '## Evidence table',
      '',
      '| Ref. | Study | Year | Relevance |',
      '|---|---|:---:|---:|',
      '| [1] | [Exercise trial](https://doi.org/10.5555/rct.2021.001) | 2021 | 9/10 |',
      '| [2] | [bad](javascript:alert(1)) <img src=x onerror="alert(1)"> | 2019 | 6/10 |',
    ].join('\n');
    const { container } = render(<Markdown>{table}</Markdown>);
    const grid = screen.getByRole('table');
    expect(within(grid).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Ref.', 'Study', 'Year', 'Relevance']);
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getAllByRole('cell').map((td) => td.textContent)).toEqual(['[1]', 'Exercise trial', '2021', '9/10']);
    expect(within(rows[1]).getAllByRole('cell')[2]).toHaveStyle({ textAlign: 'center' });
    const link = within(rows[1]).getByRole('link', { name: 'Exercise trial' });
    expect(link).toHaveAttribute('href', 'https://doi.org/10.5555/rct.2021.001');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(rows[2]).getByText('bad').getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror/);
    // A wide table scrolls inside its own box.
    expect(grid.parentElement).toHaveStyle({ overflowX: 'auto' });
  });

  it('autolinks bare addresses with the same safe rel, and shows task items without checkboxes', () => {
    const { container } = render(<Markdown>{'See www.cancer.gov and ~~old~~ advice, ~5 mg to ~10 mg.\n\n- [x] asked\n- [ ] answered'}</Markdown>);
    const link = screen.getByRole('link', { name: 'www.cancer.gov' });
    expect(link).toHaveAttribute('href', 'http://www.cancer.gov');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(container.querySelector('del')).toHaveTextContent('old');
    expect(container.querySelectorAll('del')).toHaveLength(1);
    expect(container.querySelector('input')).toBeNull();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['☑ asked', '☐ answered']);
  });

  describe("linkPolicy 'allowed' (model-written text)", () => {
    const SOURCE = 'https://pubmed.ncbi.nlm.nih.gov/1/';
    const cite = (n: number) => `#src-${n}`;

    it('shows bare URLs, www. hosts, e-mail addresses and uncited links as their text, never as links', () => {
      const text = [
        'Read https://evil.example/steal?x=1 now.',
        'Or visit www.miracle-cure.example today.',
        'Write to help@scam.example for more.',
        'A [written link](https://elsewhere.example/page) too.',
        '![tracking pixel](https://evil.example/pixel.png)',
      ].join('\n\n');
      const { container } = render(
        <Markdown linkPolicy="allowed" allowedHrefs={[SOURCE]} citationHref={cite}>
          {text}
        </Markdown>,
      );
      expect(screen.queryAllByRole('link')).toHaveLength(0);
      expect(container.querySelector('a, img')).toBeNull();
      expect(container).toHaveTextContent('Read https://evil.example/steal?x=1 now.');
      expect(container).toHaveTextContent('Or visit www.miracle-cure.example today.');
      expect(container).toHaveTextContent('Write to help@scam.example for more.');
      expect(container).toHaveTextContent('A written link too.');
      expect(container).toHaveTextContent('tracking pixel');
    });

    it('keeps citation links (in-page anchors) and links to the allowed sources', () => {
      const text = `Exercise helps [[1]](${SOURCE}). See ${SOURCE} and [the trial](${SOURCE}), not https://other.example/.`;
      render(
        <Markdown linkPolicy="allowed" allowedHrefs={new Set([SOURCE])} citationHref={cite}>
          {text}
        </Markdown>,
      );
      expect(screen.getByRole('link', { name: '[1]' })).toHaveAttribute('href', '#src-1');
      const bare = screen.getByRole('link', { name: SOURCE });
      expect(bare).toHaveAttribute('href', SOURCE);
      expect(bare).toHaveAttribute('rel', 'noopener noreferrer nofollow');
      expect(bare).toHaveAttribute('target', '_blank');
      expect(screen.getByRole('link', { name: 'the trial' })).toHaveAttribute('href', SOURCE);
      expect(screen.queryByRole('link', { name: 'https://other.example/' })).toBeNull();
      expect(screen.getAllByRole('link')).toHaveLength(3);
    });

    it('matches an allowed address however the parser percent-encoded it', () => {
      const url = 'https://example.org/études/a b';
      render(
        <Markdown linkPolicy="allowed" allowedHrefs={[url]}>
          {`[Study](<${url}>)`}
        </Markdown>,
      );
      expect(screen.getByRole('link', { name: 'Study' })).toHaveAttribute('href', 'https://example.org/%C3%A9tudes/a%20b');
    });

    it('without allowed addresses, only citations stay links', () => {
      render(
        <Markdown linkPolicy="allowed" citationHref={cite}>
          {`Claim [[2]](${SOURCE}) and ${SOURCE}`}
        </Markdown>,
      );
      expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['#src-2']);
    });

    it("leaves community and expert answers (the default 'all') linking as before", () => {
      render(<Markdown>{'See https://any.example/ and help@x.example'}</Markdown>);
      expect(screen.getByRole('link', { name: 'https://any.example/' })).toHaveAttribute('href', 'https://any.example/');
      expect(screen.getByRole('link', { name: 'help@x.example' })).toHaveAttribute('href', 'mailto:help@x.example');
    });
  });

  it('lets a long URL or word wrap anywhere rather than widen the page', () => {
    const url = `https://example.org/${'a'.repeat(240)}`;
    const { container } = render(<Markdown>{`See ${url} for more.`}</Markdown>);
    expect(container.querySelector('.cqa-markdown')).toHaveStyle({ overflowWrap: 'anywhere', minWidth: '0' });
  });
});
