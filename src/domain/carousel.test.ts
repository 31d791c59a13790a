import { describe, expect, it } from 'vitest';
import { cardPose, relativeOffset, STAGE_LAYOUT_QUERIES, stageLayoutFor, stageSlots, swipeStep, wrapIndex } from './carousel';

describe('wrap-around', () => {
  it('wraps forwards and backwards', () => {
    expect(wrapIndex(7, 7)).toBe(0);
    expect(wrapIndex(-1, 7)).toBe(6);
    expect(wrapIndex(-8, 7)).toBe(6);
    expect(wrapIndex(3, 0)).toBe(0);
  });

  it('measures the offset the shorter way round', () => {
    expect(relativeOffset(6, 0, 7)).toBe(-1);
    expect(relativeOffset(1, 6, 7)).toBe(2);
    expect(relativeOffset(3, 3, 7)).toBe(0);
  });
});

describe('stage slots', () => {
  it('shows the centre and two on each side', () => {
    expect(stageSlots(0, 7)).toEqual([
      { index: 5, offset: -2 },
      { index: 6, offset: -1 },
      { index: 0, offset: 0 },
      { index: 1, offset: 1 },
      { index: 2, offset: 2 },
    ]);
  });

  it('never repeats an item when there are fewer than five', () => {
    expect(stageSlots(0, 1)).toEqual([{ index: 0, offset: 0 }]);
    expect(stageSlots(0, 2).map((s) => s.offset)).toEqual([0, 1]);
    expect(stageSlots(1, 4).map((s) => s.index)).toEqual([0, 1, 2, 3]);
    expect(stageSlots(0, 0)).toEqual([]);
  });

  it('keeps at most five cards whatever the count', () => {
    expect(stageSlots(40, 100)).toHaveLength(5);
  });
});

describe('swipes and drags', () => {
  it('turns the page at 50 px on touch', () => {
    expect(swipeStep(-50, 'touch')).toBe(1);
    expect(swipeStep(49, 'touch')).toBe(0);
    expect(swipeStep(60, 'touch')).toBe(-1);
  });

  it('needs 100 px with a mouse', () => {
    expect(swipeStep(-80, 'mouse')).toBe(0);
    expect(swipeStep(-100, 'mouse')).toBe(1);
    expect(swipeStep(120, 'mouse')).toBe(-1);
  });
});

describe('poses', () => {
  it('uses the phone layout up to 768 px, the desktop one from 1200 px', () => {
    expect(STAGE_LAYOUT_QUERIES).toEqual({ phone: '(max-width: 768px)', desktop: '(min-width: 1200px)' });
    expect(stageLayoutFor({ phone: true, desktop: false })).toBe('phone');
    expect(stageLayoutFor({ phone: false, desktop: false })).toBe('tablet');
    expect(stageLayoutFor({ phone: false, desktop: true })).toBe('desktop');
  });

  it('puts the centre card in front, neighbours back, smaller, dimmer and mirrored', () => {
    const centre = cardPose(0, 'desktop');
    const right = cardPose(1, 'desktop');
    const left = cardPose(-1, 'desktop');
    const far = cardPose(2, 'desktop');
    expect(centre).toMatchObject({ x: 0, scale: 1, dim: 0 });
    expect(right.x).toBeGreaterThan(0);
    expect(left.x).toBe(-right.x);
    expect(left.rotateY).toBe(-right.rotateY);
    expect(far.x).toBeGreaterThan(right.x);
    expect(far.z).toBeLessThan(right.z);
    expect(far.scale).toBeLessThan(right.scale);
    expect(far.dim).toBeGreaterThan(right.dim);
    expect(centre.zIndex).toBeGreaterThan(right.zIndex);
  });

  it('keeps neighbours closer on a phone', () => {
    expect(cardPose(1, 'phone').x).toBeLessThan(cardPose(1, 'desktop').x);
  });
});
