import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkBreaks from 'remark-breaks';

export const SAFE_LINK_REL = 'noopener noreferrer nofollow';

type HeadingProps = ComponentProps<'h1'> & { node?: unknown };
/** Answer text sits under the page's h1 and the tab's h2/h3, so its own headings start lower. */
const shifted = (Tag: 'h4' | 'h5' | 'h6') =>
  function Heading({ node: _node, ...props }: HeadingProps) {
    return <Tag {...props} />;
  };

const components: Components = {
  h1: shifted('h4'),
  h2: shifted('h5'),
  h3: shifted('h6'),
  h4: shifted('h6'),
  h5: shifted('h6'),
  // Every link opens outside the app with the same rel, whatever its scheme.
  a: ({ node: _node, children, ...props }) => (
    <a {...props} target="_blank" rel={SAFE_LINK_REL}>
      {children}
    </a>
  ),
};

/**
 * Answer text as markdown with single line breaks kept. HTML tags in the text are skipped, never rendered: the tags
 * vanish and the words between them stay. react-markdown's URL filter removes javascript: link targets.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="cqa-markdown">
      <ReactMarkdown
        skipHtml
        remarkPlugins={[remarkBreaks]}
        components={components}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
