import { lazy, memo, Suspense, type ComponentType } from 'react';
import type { MarkdownProps } from './markdown-links';

export { SAFE_LINK_REL, type LinkPolicy, type MarkdownProps } from './markdown-links';

let loaded: ComponentType<MarkdownProps> | null = null;

/** Fetches the markdown renderer (react-markdown with remark-gfm: ~45 KB brotli); tests call it before rendering. */
export const loadMarkdown = (): Promise<ComponentType<MarkdownProps>> =>
  import(/* webpackChunkName: "markdown" */ './MarkdownRenderer').then((m) => (loaded = m.MarkdownRenderer));

// Once the renderer is there, the lazy component resolves without suspending (a thenable that answers at once).
const Renderer = lazy(() =>
  loaded
    ? ({ then: (resolve: (m: { default: ComponentType<MarkdownProps> }) => void) => resolve({ default: loaded! }) } as unknown as Promise<{ default: ComponentType<MarkdownProps> }>)
    : loadMarkdown().then((component) => ({ default: component })),
);

const sameLinks = (a: MarkdownProps, b: MarkdownProps) =>
  a.linkPolicy === b.linkPolicy &&
  [...(a.allowedHrefs ?? [])].join('\n') === [...(b.allowedHrefs ?? [])].join('\n') &&
  // Callers pass a new function on every render; one that links the first citation alike links them all alike.
  a.citationHref?.(1) === b.citationHref?.(1);

/**
 * Answer text as markdown (MarkdownRenderer says how), its renderer fetched apart from the page. A page the server
 * rendered keeps the server's HTML for it until the renderer has arrived (React leaves a dehydrated Suspense boundary
 * in place while its code loads), so the first view neither waits for nor blanks it; memo keeps a re-render of the page
 * with the same text from reaching that boundary meanwhile, which would make React draw the fallback over it. Drawn in
 * the browser before the renderer is there, the text shows as it was written.
 */
export const Markdown = memo(function Markdown(props: MarkdownProps) {
  return (
    <Suspense
      fallback={
        <div className="cqa-markdown" style={{ overflowWrap: 'anywhere', minWidth: 0, whiteSpace: 'pre-wrap' }}>
          {props.children}
        </div>
      }
    >
      <Renderer {...props} />
    </Suspense>
  );
}, (a, b) => a.children === b.children && sameLinks(a, b));
