import { useCallback, useSyncExternalStore } from 'react';

/** Below this width the top bar folds its links into a menu and pages use their phone layout (antd's md breakpoint). */
export const NARROW_MAX_WIDTH = 767;
export const NARROW_QUERY = `(max-width: ${NARROW_MAX_WIDTH + 0.98}px)`;

/** Whether a CSS media query matches now; read synchronously so the first paint already has the right layout. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}

export const useIsNarrow = () => useMediaQuery(NARROW_QUERY);
