import { useId, useState } from 'react';
import { Typography } from 'antd';
import { distinctQuotes, type CitedSource, type PublishedStatement } from '@cqa/contracts';
import { DISCLOSURE_BUTTON_STYLE } from './Disclosure';
import { SAFE_LINK_REL } from './Markdown';
import { AiUiTexts } from './texts';


const QUOTE_STYLE = { margin: '4px 0 0', paddingInlineStart: 12, borderInlineStart: '3px solid #d9d9d9', fontStyle: 'italic' } as const;

/** 'PMID 123, DOI 10.1/x': the ids a reader can look the source up by. */
const sourceIds = (source: CitedSource) =>
  [source.pmid && `PMID ${source.pmid}`, source.doi && `DOI ${source.doi}`, source.nctId].filter(Boolean).join(', ');

function Statement({ statement, sources, prefix }: { statement: PublishedStatement; sources: readonly CitedSource[]; prefix?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  // Reports stored before the server made quotes distinct may hold one twice.
  const quotes = distinctQuotes(statement.quotes);
  return (
    <li style={{ marginBottom: 6 }}>
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)} style={DISCLOSURE_BUTTON_STYLE}>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> {prefix && <Typography.Text type="secondary">{prefix}: </Typography.Text>}
        {statement.text} <Typography.Text type="secondary">({AiUiTexts.quoteCount(quotes.length)})</Typography.Text>
      </button>
      <div id={id} hidden={!open}>
        {open &&
          quotes.map((quote, i) => {
            const source = sources.find((s) => s.number === quote.source);
            const ids = source ? sourceIds(source) : '';
            return (
              <figure key={i} style={{ margin: '4px 0 8px 16px' }}>
                <blockquote style={QUOTE_STYLE} cite={source?.url}>
                  “{quote.text}”
                </blockquote>
                <figcaption>
                  —{' '}
                  {source ? (
                    <a href={source.url} target="_blank" rel={SAFE_LINK_REL} style={{ textDecoration: 'underline' }}>
                      [{quote.source}] {source.title}
                    </a>
                  ) : (
                    `[${quote.source}]`
                  )}
                  {ids && `, ${ids}`}
                </figcaption>
              </figure>
            );
          })}
      </div>
    </li>
  );
}

/**
 * Each published statement as a disclosure (a native button with aria-expanded, so Enter and Space work) that opens to
 * the verbatim quotes it rests on, each with its numbered source and ids. Only published statements reach the web.
 */
export function StatementQuotes({
  statements,
  sources,
  sectionLabel,
  headingLevel = 4,
}: {
  statements: readonly PublishedStatement[];
  sources: readonly CitedSource[];
  /** Deep research: how a statement's report section is named before it. */
  sectionLabel?: (section: string) => string;
  /** The level that fits the outline where it sits (a part of an answer card is h4). */
  headingLevel?: 3 | 4;
}) {
  if (statements.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <div style={{ marginTop: 12 }} data-testid="statement-quotes">
      <Heading style={{ fontSize: headingLevel === 3 ? 16 : 14, margin: '0 0 4px' }}>{AiUiTexts.statementsHeading}</Heading>
      <Typography.Paragraph type="secondary" style={{ margin: '0 0 4px' }}>
        {AiUiTexts.statementsHint}
      </Typography.Paragraph>
      <ol aria-label={AiUiTexts.statementsHeading} style={{ margin: 0, paddingInlineStart: 20, overflowWrap: 'anywhere' }}>
        {statements.map((statement, i) => (
          <Statement
            key={`${i}-${statement.text}`}
            statement={statement}
            sources={sources}
            prefix={statement.section && sectionLabel ? sectionLabel(statement.section) : undefined}
          />
        ))}
      </ol>
    </div>
  );
}
