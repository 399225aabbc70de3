import { useEffect, useRef } from 'react';

/** Spec section 9: the autosave rule. */
export const AUTOSAVE_RULE = {
  /** A hidden tab saves at most once per this long. */
  hiddenMinGapMs: 30_000,
  /** The timer first looks this long after mount, then as often again. */
  timerPeriodMs: 60_000,
  /** Two timer autosaves are at least this far apart. */
  timerMinGapMs: 180_000,
} as const;

export interface AutosaveOptions {
  /** Whether the values differ from the last saved ones, read at the moment of the check. */
  isDirty: () => boolean;
  /** Saves the current values; the caller shows the toast. */
  save: () => Promise<unknown>;
  enabled?: boolean;
}

/**
 * Autosave (spec section 9): when the tab becomes hidden, save if changed, at most once per 30 seconds; and a timer
 * that saves if changed 60 seconds after mount and then every minute, with at least 180 seconds between timer saves.
 * Reads the clock through Date.now and setInterval, so jest's fake timers control it.
 */
export function useAutosave({ isDirty, save, enabled = true }: AutosaveOptions): void {
  const latest = useRef({ isDirty, save });
  useEffect(() => {
    latest.current = { isDirty, save };
  });

  useEffect(() => {
    if (!enabled) return undefined;
    let lastHiddenSave = -Infinity;
    let lastTimerSave = -Infinity;
    let saving = false;

    const run = async () => {
      saving = true;
      try {
        await latest.current.save();
      } catch {
        // The caller reports failures; the next trigger tries again.
      } finally {
        saving = false;
      }
    };

    const onVisibilityChange = () => {
      if (document.visibilityState !== 'hidden' || saving) return;
      const now = Date.now();
      if (now - lastHiddenSave < AUTOSAVE_RULE.hiddenMinGapMs || !latest.current.isDirty()) return;
      lastHiddenSave = now;
      void run();
    };

    const timer = setInterval(() => {
      if (saving) return;
      const now = Date.now();
      if (now - lastTimerSave < AUTOSAVE_RULE.timerMinGapMs || !latest.current.isDirty()) return;
      lastTimerSave = now;
      void run();
    }, AUTOSAVE_RULE.timerPeriodMs);

    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [enabled]);
}
