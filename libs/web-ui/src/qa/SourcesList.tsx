import { SAFE_LINK_REL } from './Markdown';

const isWebAddress = (text: string) => /^https?:\/\/\S+$/i.test(text);

/** One source per item; web addresses become links that open safely in a new tab. */
export function SourcesList({ sources }: { sources: string[] }) {
  return (
    <ol style={{ paddingLeft: 20, margin: 0, overflowWrap: 'anywhere' }}>
      {sources.map((source, index) => (
        // Room between the links, so each is a target of its own on a touch screen (WCAG 2.5.8's spacing).
        <li key={`${index}-${source}`} style={{ paddingBlock: 4 }}>
          {isWebAddress(source) ? (
            <a href={source} target="_blank" rel={SAFE_LINK_REL}>
              {source}
            </a>
          ) : (
            source
          )}
        </li>
      ))}
    </ol>
  );
}
