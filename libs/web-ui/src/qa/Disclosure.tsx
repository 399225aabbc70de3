import { useId, useState, type ReactNode } from 'react';

interface DisclosureProps {
  title: ReactNode;
  /** The heading level that fits the outline where it sits (a section of an answer card is h4). */
  headingLevel?: 3 | 4 | 5;
  children: ReactNode;
}

/** A button that reads as text: the disclosure's, and each statement's that opens to its quotes (StatementQuotes). */
export const DISCLOSURE_BUTTON_STYLE = {
  background: 'none',
  border: 'none',
  padding: '2px 0',
  minHeight: 24,
  font: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
  textAlign: 'left',
} as const;

/**
 * A heading whose button shows or hides what follows (the WAI-ARIA disclosure pattern), closed at first. A native
 * button, so Enter and Space both work and the state is announced (aria-expanded), not shown by the arrow alone.
 */
export function Disclosure({ title, headingLevel = 4, children }: DisclosureProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div style={{ marginTop: 12 }}>
      <Heading style={{ fontSize: headingLevel === 3 ? 16 : 14, margin: '0 0 4px' }}>
        <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)} style={DISCLOSURE_BUTTON_STYLE}>
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> {title}
        </button>
      </Heading>
      <div id={id} hidden={!open}>
        {open && children}
      </div>
    </div>
  );
}
