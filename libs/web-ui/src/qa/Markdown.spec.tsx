import { render, screen } from '@testing-library/react';
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
});
