import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/** Below this width the top bar folds its links into a menu and pages use their phone layout (antd's md breakpoint). */
export const NARROW_MAX_WIDTH = 767;
export const NARROW_QUERY = `(max-width: ${NARROW_MAX_WIDTH + 0.98}px)`;

/**
 * Whether a CSS media query matches now; read synchronously so the first paint already has the right layout.
 * `serverGuess`: the answer of a server render, which hydration starts from so both match; the real one follows.
 */
export function useMediaQuery(query: string, serverGuess = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => serverGuess);
}

/**
 * A phone or not, as the page server guessed from the User-Agent (carried in the page's state, provided by the shell's
 * App): a server-rendered page is drawn in the layout the phone will keep, so hydration moves nothing.
 */
export const ServerNarrowGuess = createContext(false);

export const useIsNarrow = () => useMediaQuery(NARROW_QUERY, useContext(ServerNarrowGuess));

const noSubscription = () => () => undefined;

/**
 * False while React takes over server-sent HTML, true after (and from the start of a page drawn in the browser). A
 * portal (antd's Drawer, kept mounted while closed) cannot be hydrated: the server has no document body to put it in.
 */
export const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);
