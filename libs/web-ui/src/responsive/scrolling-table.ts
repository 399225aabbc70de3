/**
 * antd Table props for a table wider than a phone: its cells wrap first, and what still does not fit scrolls inside
 * the table's own box instead of widening the page. Give the key column `fixed: 'left'` so it stays in view while the
 * rest scrolls under it. A desktop-wide table fits and looks as before.
 */
export const scrollingTable = { scroll: { x: true } } as const;
