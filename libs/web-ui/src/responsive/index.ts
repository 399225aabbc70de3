export { NARROW_MAX_WIDTH, NARROW_QUERY, ServerNarrowGuess, useHydrated, useIsNarrow, useMediaQuery } from './use-media-query';
export { ResponsiveStyles } from './ResponsiveStyles';
export { scrollingTable } from './scrolling-table';
