// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('whenIdle (decision 302)', () => {
  it('runs the task only after the load and the given delay, once', () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    try {
      const task = vi.fn();
      whenIdle(task, 2000, 3000);
      // However long the page takes to load, nothing runs before its load event.
      vi.advanceTimersByTime(60_000);
      expect(task).not.toHaveBeenCalled();
      readyState.mockReturnValue('complete');
      window.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(2900);
      expect(task).not.toHaveBeenCalled();
      vi.advanceTimersByTime(5000);
      expect(task).toHaveBeenCalledTimes(1);
      window.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(10_000);
      expect(task).toHaveBeenCalledTimes(1);
    } finally {
      readyState.mockRestore();
    }
  });

  it('on a page already loaded, runs the task after the given delay, once', () => {
    const task = vi.fn();
    whenIdle(task, 2000, 3000);
    vi.advanceTimersByTime(2900);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs a cancelled task', () => {
    const task = vi.fn();
    const cancel = whenIdle(task, 2000, 3000);
    vi.advanceTimersByTime(1000);
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(task).not.toHaveBeenCalled();
  });
});
