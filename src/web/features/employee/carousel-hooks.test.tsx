// @vitest-environment jsdom
import type { MouseEvent, PointerEvent, TouchEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { CAROUSEL_AUTO_ADVANCE_MS } from '#domain/carousel';
import { useAutoAdvance } from './use-auto-advance';
import { useCarouselGestures } from './use-carousel-gestures';

afterEach(() => vi.useRealTimers());

const touch = (x: number, y = 0) => ({ touches: [{ clientX: x, clientY: y }], changedTouches: [{ clientX: x, clientY: y }] }) as unknown as TouchEvent;
const mouse = (x: number, y = 0) => ({ pointerType: 'mouse', button: 0, clientX: x, clientY: y }) as unknown as PointerEvent;

describe('useCarouselGestures', () => {
  it('a touch swipe of 50 px to the left is the next card, a shorter or mostly vertical one is nothing', () => {
    const onStep = vi.fn();
    const { result } = renderHook(() => useCarouselGestures(onStep));
    act(() => result.current.handlers.onTouchStart(touch(200)));
    expect(result.current.isTouching).toBe(true);
    act(() => result.current.handlers.onTouchEnd(touch(150)));
    expect(result.current.isTouching).toBe(false);
    expect(onStep).toHaveBeenCalledWith(1);

    onStep.mockClear();
    act(() => result.current.handlers.onTouchStart(touch(200)));
    act(() => result.current.handlers.onTouchEnd(touch(160)));
    act(() => result.current.handlers.onTouchStart(touch(200, 0)));
    act(() => result.current.handlers.onTouchEnd(touch(100, 300)));
    expect(onStep).not.toHaveBeenCalled();
  });

  it('a mouse drag needs 100 px, goes back when to the right, and swallows the click that ends it', () => {
    const onStep = vi.fn();
    const { result } = renderHook(() => useCarouselGestures(onStep));
    act(() => result.current.handlers.onPointerDown(mouse(100)));
    act(() => result.current.handlers.onPointerUp(mouse(180)));
    expect(onStep).not.toHaveBeenCalled();
    act(() => result.current.handlers.onPointerDown(mouse(100)));
    act(() => result.current.handlers.onPointerUp(mouse(200)));
    expect(onStep).toHaveBeenCalledWith(-1);
    const click = { preventDefault: vi.fn(), stopPropagation: vi.fn() } as unknown as MouseEvent;
    result.current.handlers.onClickCapture(click);
    expect(click.preventDefault).toHaveBeenCalledOnce();
    // Only that one click: the next is the user's.
    const next = { preventDefault: vi.fn(), stopPropagation: vi.fn() } as unknown as MouseEvent;
    result.current.handlers.onClickCapture(next);
    expect(next.preventDefault).not.toHaveBeenCalled();
  });
});

describe('useAutoAdvance', () => {
  it('advances 5 s after the last move, not while paused', () => {
    vi.useFakeTimers();
    const advance = vi.fn();
    const { rerender } = renderHook((props: { isPaused: boolean; position: number }) => useAutoAdvance({ ...props, advance }), { initialProps: { isPaused: false, position: 0 } });
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTO_ADVANCE_MS - 1000));
    rerender({ isPaused: false, position: 1 });
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTO_ADVANCE_MS - 1));
    expect(advance).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(advance).toHaveBeenCalledOnce();

    rerender({ isPaused: true, position: 2 });
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTO_ADVANCE_MS * 3));
    expect(advance).toHaveBeenCalledOnce();
  });
});
