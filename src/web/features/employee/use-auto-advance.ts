import { useEffect } from 'react';
import { CAROUSEL_AUTO_ADVANCE_MS } from '#domain/carousel';

/**
 * Calls `advance` CAROUSEL_AUTO_ADVANCE_MS (5 s) after the last move, while not `isPaused` and while
 * the page is visible. `position` is the current slide: every move restarts the wait (so `advance`
 * must be stable, a `useCallback`).
 */
export function useAutoAdvance({ isPaused, position, advance }: { isPaused: boolean; position: number; advance: () => void }) {
  useEffect(() => {
    if (isPaused) return;
    const timer = window.setTimeout(() => {
      if (document.visibilityState === 'visible') advance();
    }, CAROUSEL_AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [isPaused, position, advance]);
}
