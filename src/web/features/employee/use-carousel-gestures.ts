import { useRef, useState, type MouseEvent, type PointerEvent, type TouchEvent } from 'react';
import { swipeStep, type PointerKind } from '#domain/carousel';

/**
 * Swipes (touch, 50 px) and drags (mouse, 100 px) on the carousel's track: a mostly horizontal move
 * past the threshold calls `onStep(±1)` (src/domain/carousel.ts `swipeStep`), and a drag that turned
 * the page is not also a click on the card under it. `isTouching` is true while a finger is down
 * (the auto-advance waits). Spread `handlers` on the track.
 */
export function useCarouselGestures(onStep: (step: number) => void) {
  const [isTouching, setTouching] = useState(false);
  const gesture = useRef<{ x: number; y: number; kind: PointerKind } | null>(null);
  const suppressClick = useRef(false);

  const start = (x: number, y: number, kind: PointerKind) => {
    gesture.current = { x, y, kind };
    suppressClick.current = false;
  };
  const finish = (x: number, y: number, kind: PointerKind) => {
    const begun = gesture.current;
    gesture.current = null;
    if (!begun || begun.kind !== kind) return;
    const dx = x - begun.x;
    if (Math.abs(dx) < Math.abs(y - begun.y)) return;
    const step = swipeStep(dx, kind);
    if (step !== 0) {
      suppressClick.current = true;
      onStep(step);
    }
  };

  const handlers = {
    onTouchStart: (e: TouchEvent) => {
      setTouching(true);
      start(e.touches[0].clientX, e.touches[0].clientY, 'touch');
    },
    onTouchEnd: (e: TouchEvent) => {
      setTouching(false);
      finish(e.changedTouches[0].clientX, e.changedTouches[0].clientY, 'touch');
    },
    onTouchCancel: () => {
      setTouching(false);
      gesture.current = null;
    },
    onPointerDown: (e: PointerEvent) => {
      if (e.pointerType === 'mouse' && e.button === 0) start(e.clientX, e.clientY, 'mouse');
    },
    onPointerUp: (e: PointerEvent) => {
      if (e.pointerType === 'mouse') finish(e.clientX, e.clientY, 'mouse');
    },
    onClickCapture: (e: MouseEvent) => {
      if (suppressClick.current) {
        suppressClick.current = false;
        e.preventDefault();
        e.stopPropagation();
      }
    },
  };

  return { isTouching, handlers };
}
