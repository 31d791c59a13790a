import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Button, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconLayoutGrid, IconMaximize, IconMoodEmpty, IconSlideshow, IconX } from '@tabler/icons-react';
import { applyQuickFilter, QUICK_FILTERS, quickFilterById, ALL_FILTER_ID } from '#domain/benefit-filters';
import {
  CAROUSEL_HINT_MS,
  CAROUSEL_MAX_DOTS,
  cardPose,
  STAGE_LAYOUT_QUERIES,
  stageLayoutFor,
  stageSlots,
  wrapIndex,
} from '#domain/carousel';
import type { CatalogueItem } from '#domain/schemas/economy';
import { BenefitCard } from './benefit-card';
import { BenefitGrid } from './benefit-grid';
import { categoryView } from './benefit-category';
import classes from './benefits-carousel.module.css';
import { useAutoAdvance } from './use-auto-advance';
import { useCarouselGestures } from './use-carousel-gestures';

type BenefitsCarouselProps = {
  items: CatalogueItem[];
  onRedeem: (item: CatalogueItem) => void;
  /** False while the redemption modal is open: the keys and the auto-advance belong to it then. */
  isActive: boolean;
};

const CARD_SIZE = { phone: { width: 'min(300px, 78vw)', height: '410px' }, tablet: { width: '320px', height: '450px' }, desktop: { width: '340px', height: '460px' } };

/** Keys typed into a field, or with a modifier, are not the carousel's. */
function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * /level3/benefits's immersive carousel (LOOK-AND-FEEL "Employee benefits", spec part 2 §9 "Carousel"):
 * quick filters, the 3D stage with five cards at most, arrows, swipes and drags, keys, auto-advance,
 * dots and 'n de N', the grid view, and full screen on phones.
 */
export function BenefitsCarousel({ items, onRedeem, isActive }: BenefitsCarouselProps) {
  const [filterId, setFilterId] = useState(ALL_FILTER_ID);
  const [current, setCurrent] = useState(0);
  const [view, setView] = useState<'carousel' | 'grid'>('carousel');
  const [isHintVisible, setHintVisible] = useState(true);
  const [isPointerInside, setPointerInside] = useState(false);
  const [isFocusInside, setFocusInside] = useState(false);
  // Read as the stage first renders (matchMedia), not from the window's width in an effect after it:
  // that read laid the whole new page out in the middle of its first render's work, and drew the
  // stage a second time (decision 336).
  const isPhone = useMediaQuery(STAGE_LAYOUT_QUERIES.phone, undefined, { getInitialValueInEffect: false }) ?? false;
  const isDesktop = useMediaQuery(STAGE_LAYOUT_QUERIES.desktop, undefined, { getInitialValueInEffect: false }) ?? true;
  // A phone opens the stage in the page, under the header, menu and balances (opening
  // straight into full screen hid where the person was); full screen is one tap away, and back.
  const [isFullscreenWanted, setFullscreenWanted] = useState(false);
  const isFullscreen = isPhone && isFullscreenWanted;
  const reducedMotion = useReducedMotion();
  const layout = stageLayoutFor({ phone: isPhone, desktop: isDesktop });
  const stageRef = useRef<HTMLDivElement>(null);

  const filtered = useMemo(() => applyQuickFilter(items, filterId), [items, filterId]);
  const count = filtered.length;
  const index = wrapIndex(current, count);
  const currentItem = filtered[index];
  const filter = quickFilterById(filterId);

  const interact = useCallback(() => setHintVisible(false), []);
  const go = useCallback((step: number) => {
    interact();
    setCurrent((c) => c + step);
  }, [interact]);
  const redeemCurrent = useCallback(() => {
    if (currentItem?.canRedeem) onRedeem(currentItem);
  }, [currentItem, onRedeem]);
  const toggleView = useCallback(() => {
    interact();
    setView((v) => (v === 'carousel' ? 'grid' : 'carousel'));
  }, [interact]);
  const chooseFilter = (id: string) => {
    interact();
    setFilterId(id);
    setCurrent(0);
  };

  // The hint leaves by itself after 3 s (spec part 2 §9: 2–4 s).
  useEffect(() => {
    const timer = window.setTimeout(() => setHintVisible(false), CAROUSEL_HINT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // Swipes and drags on the track; auto-advance every 5 s, restarted by every move, paused while the user is on the stage.
  const { isTouching, handlers: gestureHandlers } = useCarouselGestures(go);
  const isPaused = !isActive || view !== 'carousel' || isPointerInside || isFocusInside || isTouching || reducedMotion || count < 2;
  const advance = useCallback(() => setCurrent((c) => c + 1), []);
  useAutoAdvance({ isPaused, position: current, advance });

  // Arrows, Enter/space to redeem, G for the grid, Escape out of full screen (spec part 2 §9 "Keys").
  useEffect(() => {
    if (!isActive) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
      const target = event.target as HTMLElement | null;
      // Enter and space on a button or a link are that control's own; on the stage or the page they redeem.
      const isOnControl = !!target?.closest('button, a, [role="button"]');
      if (event.key === 'g' || event.key === 'G') {
        event.preventDefault();
        toggleView();
      } else if (view === 'carousel' && event.key === 'ArrowRight') {
        event.preventDefault();
        go(1);
      } else if (view === 'carousel' && event.key === 'ArrowLeft') {
        event.preventDefault();
        go(-1);
      } else if (view === 'carousel' && (event.key === 'Enter' || event.key === ' ') && !isOnControl) {
        event.preventDefault();
        interact();
        redeemCurrent();
      } else if (event.key === 'Escape' && isFullscreen) {
        setFullscreenWanted(false);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isActive, view, go, toggleView, redeemCurrent, interact, isFullscreen]);

  // Full screen on a phone: the page behind must not scroll.
  useEffect(() => {
    if (!isFullscreen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [isFullscreen]);

  const stageClass = [classes.stage, isFullscreen ? classes.fullscreen : '', view === 'grid' ? classes.grid : ''].join(' ');
  const size = CARD_SIZE[layout];

  return (
    <div
      ref={stageRef}
      className={stageClass}
      role="region"
      aria-roledescription="carrusel"
      aria-label="Beneficios flexibles"
      tabIndex={0}
      data-testid="benefits-stage"
      data-fullscreen={isFullscreen || undefined}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setPointerInside(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setPointerInside(false)}
      onFocus={() => setFocusInside(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusInside(false);
      }}
    >
      {view === 'carousel' && currentItem && <Backdrop key={`${currentItem.kind}-${currentItem.id}`} item={currentItem} />}

      <div className={classes.topBar}>
        {isFullscreen && (
          <button type="button" className={classes.roundButton} onClick={() => setFullscreenWanted(false)} aria-label="Salir de pantalla completa">
            <IconX size={20} aria-hidden />
          </button>
        )}
        <div className={classes.filters} role="group" aria-label="Filtrar por categoría">
          {QUICK_FILTERS.map((f) => (
            <button key={f.id} type="button" className={classes.pill} aria-pressed={f.id === filterId} onClick={() => chooseFilter(f.id)}>
              {f.name}
            </button>
          ))}
        </div>
        {isPhone && !isFullscreen && (
          <button type="button" className={classes.roundButton} onClick={() => setFullscreenWanted(true)} aria-label="Pantalla completa">
            <IconMaximize size={20} aria-hidden />
          </button>
        )}
        <button
          type="button"
          className={classes.roundButton}
          onClick={toggleView}
          aria-label={view === 'carousel' ? 'Ver en cuadrícula (G)' : 'Ver en carrusel (G)'}
          aria-pressed={view === 'grid'}
          data-testid="view-toggle"
        >
          {view === 'carousel' ? <IconLayoutGrid size={20} aria-hidden /> : <IconSlideshow size={20} aria-hidden />}
        </button>
      </div>

      {count === 0 ? (
        <div className={classes.empty} data-testid="carousel-empty">
          <ThemeIcon size={64} radius="xl" variant="white" color="brand">
            <IconMoodEmpty size={34} aria-hidden />
          </ThemeIcon>
          <Text fw={700} fz="lg" c="white">
            No hay beneficios en «{filter.name}» por ahora
          </Text>
          <Text c="white" opacity={0.85} maw={420}>
            Estamos sumando nuevos beneficios. Mientras tanto, mira los de otras categorías.
          </Text>
          <Button radius="xl" variant="white" color="dark" onClick={() => chooseFilter(ALL_FILTER_ID)}>
            Ver todos los beneficios
          </Button>
        </div>
      ) : view === 'grid' ? (
        <div className={`${classes.gridArea} ${classes.solidCards}`} data-testid="benefits-grid">
          <BenefitGrid items={filtered} onRedeem={onRedeem} />
        </div>
      ) : (
        <>
          {/* Above the cards, in a space of its own: over them it hid the centre card's 'Canjear' (decision 267). */}
          <div className={`${classes.hint} ${isHintVisible ? '' : classes.hintHidden}`} aria-hidden={!isHintVisible} data-testid="carousel-hint">
            {isPhone ? 'Desliza para ver más beneficios' : 'Usa ← → para navegar, Enter para canjear y G para ver en cuadrícula'}
          </div>
          <div
            className={`${classes.track} ${classes.solidCards}`}
            style={{ '--card-width': size.width, '--card-height': size.height } as CSSProperties}
            {...gestureHandlers}
            data-testid="carousel-track"
          >
            {stageSlots(index, count).map(({ index: slotIndex, offset }) => (
              <StageCard
                key={`${filtered[slotIndex].kind}-${filtered[slotIndex].id}`}
                item={filtered[slotIndex]}
                offset={offset}
                layout={layout}
                position={slotIndex + 1}
                count={count}
                onCentre={() => go(offset)}
                onRedeem={onRedeem}
              />
            ))}
          </div>
          {count > 1 && (
            <>
              <button type="button" className={`${classes.roundButton} ${classes.arrow} ${classes.arrowPrev}`} onClick={() => go(-1)} aria-label="Beneficio anterior">
                <IconChevronLeft size={22} aria-hidden />
              </button>
              <button type="button" className={`${classes.roundButton} ${classes.arrow} ${classes.arrowNext}`} onClick={() => go(1)} aria-label="Beneficio siguiente">
                <IconChevronRight size={22} aria-hidden />
              </button>
            </>
          )}
          <div className={classes.bottomBar}>
            <Progress index={index} count={count} />
            <div className={classes.counter} aria-live={isPaused ? 'polite' : 'off'} data-testid="carousel-counter">
              {index + 1} de {count}
            </div>
          </div>
        </>
      )}
    </div>
  );
}

type StageCardProps = {
  item: CatalogueItem;
  offset: number;
  layout: ReturnType<typeof stageLayoutFor>;
  position: number;
  count: number;
  onCentre: () => void;
  onRedeem: (item: CatalogueItem) => void;
};

/** One card on stage. A side card is a picture of itself: its controls are inert, a click centres it. */
function StageCard({ item, offset, layout, position, count, onCentre, onRedeem }: StageCardProps) {
  const pose = cardPose(offset, layout);
  const isCentre = offset === 0;
  const style: CSSProperties = {
    transform: `translate(-50%, -50%) translate3d(${pose.x}px, 0, ${pose.z}px) rotateY(${pose.rotateY}deg) scale(${pose.scale})`,
    zIndex: pose.zIndex,
  };
  return (
    <div
      className={classes.slot}
      style={style}
      role="group"
      aria-roledescription="diapositiva"
      aria-label={`${position} de ${count}: ${item.title}`}
      aria-hidden={!isCentre || undefined}
      data-testid={isCentre ? 'carousel-current' : 'carousel-side'}
    >
      <div
        className={classes.cardFrame}
        inert={!isCentre}
        onClick={(e) => {
          // The centre card opens redemption wherever it is clicked (its button does so by itself).
          if (isCentre && item.canRedeem && !(e.target as HTMLElement).closest('button')) onRedeem(item);
        }}
      >
        <BenefitCard item={item} onRedeem={onRedeem} />
      </div>
      <div className={classes.shade} style={{ opacity: pose.dim }} aria-hidden />
      {!isCentre && <button type="button" className={classes.sideCover} tabIndex={-1} aria-label={`Ver ${item.title}`} onClick={onCentre} />}
    </div>
  );
}

/** The current benefit's image, blurred and darkened, behind the stage; its category's colour without one. */
function Backdrop({ item }: { item: CatalogueItem }) {
  const colour = categoryView(item.category)?.color ?? '#6B3AA0';
  const style: CSSProperties = {
    backgroundColor: colour,
    backgroundImage: item.image ? `url(${JSON.stringify(item.image)}), linear-gradient(135deg, ${colour}, #6B3AA0)` : `linear-gradient(135deg, ${colour}, #6B3AA0)`,
  };
  return (
    <>
      <div className={classes.backdrop} style={style} aria-hidden />
      <div className={classes.backdropShade} aria-hidden />
    </>
  );
}

/** One dot per benefit up to 12, a progress bar beyond (a dot row for 100 benefits would not fit a phone). */
function Progress({ index, count }: { index: number; count: number }) {
  if (count <= 1) return null;
  if (count > CAROUSEL_MAX_DOTS) {
    return (
      <div className={classes.progress} aria-hidden>
        <div className={classes.progressFill} style={{ transform: `scaleX(${(index + 1) / count})` }} />
      </div>
    );
  }
  return (
    <div className={classes.dots} aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className={`${classes.dot} ${i === index ? classes.dotActive : ''}`} />
      ))}
    </div>
  );
}
