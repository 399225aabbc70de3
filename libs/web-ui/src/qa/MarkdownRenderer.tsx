import { Children, isValidElement, useMemo, type ComponentProps, type ReactNode } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import { SAFE_LINK_REL, type MarkdownProps } from './markdown-links';
import { QaUiTexts } from './texts';

type HeadingProps = ComponentProps<'h1'> & { node?: unknown };
/** Answer text sits under the page's h1 and the tab's h2/h3, so its own headings start lower. */
const shifted = (Tag: 'h4' | 'h5' | 'h6') =>
  function Heading({ node: _node, ...props }: HeadingProps) {
    return <Tag {...props} />;
  };

// '~5 mg to ~10 mg' means 'about': only a double tilde strikes through.
const REMARK_PLUGINS: NonNullable<Options['remarkPlugins']> = [[remarkGfm, { singleTilde: false }], remarkBreaks];

const LINK_STYLE = { textDecoration: 'underline' } as const;

/** A long URL or word breaks where it must instead of widening the page (a 240-character URL made a phone page 1,862 px wide). */
const CONTAINER_STYLE = { overflowWrap: 'anywhere', minWidth: 0 } as const;

const CELL = { border: '1px solid #d9d9d9', padding: '4px 8px', verticalAlign: 'top' } as const;

const components: Components = {
  h1: shifted('h4'),
  h2: shifted('h5'),
  h3: shifted('h6'),
  h4: shifted('h6'),
  h5: shifted('h6'),
  // A wide table (the deep research evidence table) scrolls sideways instead of widening the page.
  table: ({ node: _node, ...props }) => (
    <div className="cqa-markdown-table" style={{ overflowX: 'auto', maxWidth: '100%', marginBottom: 12 }}>
      <table style={{ borderCollapse: 'collapse' }} {...props} />
    </div>
  ),
  th: ({ node: _node, style, ...props }) => <th style={{ ...CELL, background: '#fafafa', ...style }} {...props} />,
  td: ({ node: _node, style, ...props }) => <td style={{ ...CELL, ...style }} {...props} />,
  // GFM task-list items are shown as marks, not as unlabelled (disabled) checkboxes.
  input: ({ node: _node, type, checked }) => (type === 'checkbox' ? <span aria-hidden="true">{checked ? '☑' : '☐'}</span> : null),
  // Every link opens outside the app with the same rel, whatever its scheme; underlined, so it stands out from the
  // words around it without relying on colour (WCAG 1.4.1).
  a: (props) => externalLink(props),
  // No image is ever fetched from answer text (issue 42, F-36): a remote image is a tracking pixel that tells a third
  // party which patient read what, and one of our own pages as an image would restore and rotate the reader's session.
  // It becomes a link to the image, named by its alt text, that the reader may choose to open.
  img: ({ node: _node, src, alt }) =>
    typeof src === 'string' && src !== '' ? externalLink({ href: src, children: QaUiTexts.markdownImage(alt ?? '') }) : alt ? <>{alt}</> : null,
};

const textOf = (node: ReactNode): string =>
  Children.toArray(node).map((child) => (typeof child === 'string' || typeof child === 'number' ? String(child) : isValidElement(child) ? textOf((child.props as { children?: ReactNode }).children) : '')).join('');

/** The same address however the markdown parser percent-encoded it. */
const hrefKey = (href: string) => {
  try {
    return decodeURI(href.trim());
  } catch {
    return href.trim();
  }
};

function externalLink({ node: _node, children, ...props }: ComponentProps<'a'> & { node?: unknown }) {
  return (
    <a {...props} target="_blank" rel={SAFE_LINK_REL} style={LINK_STYLE}>
      {children}
    </a>
  );
}

/**
 * Answer text as markdown with single line breaks kept, plus GitHub's tables, strikethrough and autolinks (remark-gfm).
 * HTML tags in the text are skipped, never rendered: the tags vanish and the words between them stay. react-markdown's
 * URL filter removes javascript: link targets. See LinkPolicy for model-written text.
 */
export function MarkdownRenderer({ children, citationHref, linkPolicy = 'all', allowedHrefs }: MarkdownProps) {
  const allowedKey = linkPolicy === 'allowed' ? [...(allowedHrefs ?? [])].map(hrefKey).sort().join('\n') : '';
  const used = useMemo<Components>(() => {
    if (!citationHref && linkPolicy === 'all') return components;
    const allowed = new Set(allowedKey ? allowedKey.split('\n') : []);
    const mayLink = (href: string | undefined) => linkPolicy === 'all' || (href !== undefined && href !== '' && allowed.has(hrefKey(href)));
    const policed: Components = {
      ...components,
      a: ({ node, children: text, ...props }) => {
        const cited = citationHref ? /^\[(\d+)\]$/.exec(textOf(text)) : null;
        if (cited && citationHref) {
          return (
            <a href={citationHref(Number(cited[1]))} title={`Source ${cited[1]}`} style={LINK_STYLE}>
              {text}
            </a>
          );
        }
        if (!mayLink(props.href)) return <>{text}</>;
        return externalLink({ node, children: text, ...props });
      },
    };
    if (linkPolicy === 'allowed') policed.img = ({ alt }) => (alt ? <>{alt}</> : null);
    return policed;
  }, [citationHref, linkPolicy, allowedKey]);
  return (
    <div className="cqa-markdown" style={CONTAINER_STYLE}>
      <ReactMarkdown skipHtml remarkPlugins={REMARK_PLUGINS} components={used}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
