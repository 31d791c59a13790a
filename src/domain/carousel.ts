/**
 * The index maths of the immersive benefits carousel (spec part 2 §9 "Carousel", LOOK-AND-FEEL "Employee
 * benefits"): wrap-around, which cards are on stage and where, and when a swipe or a drag turns the page.
 */

export const CAROUSEL_AUTO_ADVANCE_MS = 5000;
const CAROUSEL_SWIPE_THRESHOLD_PX = 50;
const CAROUSEL_DRAG_THRESHOLD_PX = 100;
/** Cards more than this many positions from the centre are not rendered at all. */
const CAROUSEL_VISIBLE_RADIUS = 2;
/** The hint hides after 3 s (the spec allows 2–4 s), or at the first interaction. */
export const CAROUSEL_HINT_MS = 3000;
export const CAROUSEL_MOBILE_MAX_WIDTH = 768;
/** Up to this many items the stage shows one dot per item; beyond, a progress bar. */
export const CAROUSEL_MAX_DOTS = 12;

/** `index` wrapped into 0..count-1 (0 when there is nothing). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/**
 * Where item `index` sits relative to the centre item `current`, going round the shorter way:
 * …, -1 left of centre, 0 centre, 1 right… (with an even count the far one counts as right).
 */
export function relativeOffset(index: number, current: number, count: number): number {
  const forward = wrapIndex(index - current, count);
  return forward > count / 2 ? forward - count : forward;
}

type StageSlot = { index: number; offset: number };

/** The items on stage: the centre one and up to two on each side, each item once (few items never repeat). */
export function stageSlots(current: number, count: number, radius = CAROUSEL_VISIBLE_RADIUS): StageSlot[] {
  const slots: StageSlot[] = [];
  for (let index = 0; index < count; index++) {
    const offset = relativeOffset(index, current, count);
    if (Math.abs(offset) <= radius) slots.push({ index, offset });
  }
  return slots.sort((a, b) => a.offset - b.offset);
}

export type PointerKind = 'touch' | 'mouse';

/** +1 (next) after a move to the left past the threshold, -1 (previous) to the right, else 0. */
export function swipeStep(deltaX: number, pointer: PointerKind): -1 | 0 | 1 {
  const threshold = pointer === 'touch' ? CAROUSEL_SWIPE_THRESHOLD_PX : CAROUSEL_DRAG_THRESHOLD_PX;
  if (deltaX <= -threshold) return 1;
  if (deltaX >= threshold) return -1;
  return 0;
}

type StageLayout = 'phone' | 'tablet' | 'desktop';

/** The widths of the stage's layouts as media queries: phone up to 768 px, desktop from 1200 px, tablet between. */
export const STAGE_LAYOUT_QUERIES = { phone: `(max-width: ${CAROUSEL_MOBILE_MAX_WIDTH}px)`, desktop: '(min-width: 1200px)' } as const;

/** The stage's layout from which of STAGE_LAYOUT_QUERIES match. */
export function stageLayoutFor(matches: Record<keyof typeof STAGE_LAYOUT_QUERIES, boolean>): StageLayout {
  if (matches.phone) return 'phone';
  return matches.desktop ? 'desktop' : 'tablet';
}

/** How far a neighbour is shifted, pushed back and turned at each width. */
const LAYOUT_GEOMETRY: Record<StageLayout, { shift: number; depth: number; turn: number }> = {
  phone: { shift: 118, depth: 120, turn: 18 },
  tablet: { shift: 210, depth: 150, turn: 24 },
  desktop: { shift: 260, depth: 170, turn: 28 },
};

/** `dim`: how dark the layer over the card is (0 centre … 0.6 far): neighbours are dimmed, not see-through. */
type CardPose = { x: number; z: number; rotateY: number; scale: number; dim: number; zIndex: number };

/**
 * The 3D pose of a card `offset` positions from the centre: neighbours shifted out, pushed back,
 * turned towards the centre, scaled down and dimmed (a shade's opacity: only transforms and opacity move).
 */
export function cardPose(offset: number, layout: StageLayout): CardPose {
  const distance = Math.abs(offset);
  const g = LAYOUT_GEOMETRY[layout];
  // The second neighbour moves less than the first so it peeks out behind it.
  const x = Math.sign(offset) * (distance === 0 ? 0 : g.shift + (distance - 1) * g.shift * 0.55);
  return {
    x,
    z: -g.depth * distance,
    rotateY: -Math.sign(offset) * g.turn * Math.min(distance, 1),
    scale: 1 - 0.12 * distance,
    dim: distance === 0 ? 0 : distance === 1 ? 0.35 : 0.6,
    zIndex: 10 - distance,
  };
}
