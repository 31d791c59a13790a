import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Runs `task` once the page has loaded (and `afterLoadMs` more have passed) and the main thread has a
 * quiet moment (at most `timeoutMs` later), so work nobody sees — the service worker's registration, a
 * snapshot written to storage — does not compete with the first screenful (decision 302). Returns a
 * cancel function.
 */
export function whenIdle(task: () => void, timeoutMs = 2000, afterLoadMs = 0): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  let delay = 0;
  const run = () => {
    if (!cancelled) task();
  };
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(run, 200);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  const schedule = () => {
    if (afterLoadMs > 0) delay = window.setTimeout(idle, afterLoadMs);
    else idle();
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    window.clearTimeout(delay);
    cancelIdle();
  };
}

/** False until `whenIdle` has come (then true for good). */
export function useIdle(timeoutMs?: number, afterLoadMs?: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), timeoutMs, afterLoadMs), [timeoutMs, afterLoadMs]);
  return idle;
}

/**
 * False for a screen's first render, true once that render has been painted; the update is a
 * transition, which React renders in slices that leave the main thread free between them. A screen
 * draws its first screenful first and what lies below it with this (decision 303), showing a
 * placeholder of the same place meanwhile.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer = 0;
    // A task queued from requestAnimationFrame runs after that frame has been painted.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** `children` once the screen's first render has been painted (`useAfterFirstPaint`), `placeholder` before. */
export function AfterFirstPaint({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }): ReactNode {
  return useAfterFirstPaint() ? children : placeholder;
}

/**
 * False until the screen's first render has been painted and, after it, the page has loaded and the
 * main thread has had a quiet moment (`whenIdle`); then true for good. For what nobody needs before
 * they can act — the bell's count, the live stream, the toasts and dialogs — so that its requests and
 * its rendering follow the screen's own text onto a slow phone's screen instead of delaying it
 * (decision 332).
 */
export function useIdleAfterFirstPaint(): boolean {
  const painted = useAfterFirstPaint();
  const [idle, setIdle] = useState(false);
  useEffect(() => (painted ? whenIdle(() => setIdle(true)) : undefined), [painted]);
  return idle;
}
