import { useEffect, useRef } from 'react';

const PARTICLES = 60;

/**
 * Survey B's drifting particles. Kind to a phone's CPU: nothing runs with `prefers-reduced-motion`,
 * the loop stops while the tab is hidden, and at most ~60 dots are drawn.
 */
export function ParticleCanvas({ className }: { className?: string }) {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let frame = 0;
    let width = 0;
    let height = 0;
    const dots = Array.from({ length: PARTICLES }, () => ({
      x: Math.random(),
      y: Math.random(),
      vx: (Math.random() - 0.5) * 0.0006,
      vy: (Math.random() - 0.5) * 0.0006,
      r: 1 + Math.random() * 2,
    }));

    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      width = canvas.clientWidth;
      height = canvas.clientHeight;
      canvas.width = width * ratio;
      canvas.height = height * ratio;
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
    };
    const draw = () => {
      context.clearRect(0, 0, width, height);
      context.fillStyle = 'rgba(120, 220, 255, 0.7)';
      for (const dot of dots) {
        dot.x = (dot.x + dot.vx + 1) % 1;
        dot.y = (dot.y + dot.vy + 1) % 1;
        context.beginPath();
        context.arc(dot.x * width, dot.y * height, dot.r, 0, Math.PI * 2);
        context.fill();
      }
    };
    const loop = () => {
      draw();
      frame = window.requestAnimationFrame(loop);
    };
    const stop = () => {
      window.cancelAnimationFrame(frame);
      frame = 0;
    };
    const update = () => {
      stop();
      if (reduceMotion.matches) {
        context.clearRect(0, 0, width, height);
        return;
      }
      if (document.visibilityState === 'visible') loop();
    };

    resize();
    update();
    window.addEventListener('resize', resize);
    document.addEventListener('visibilitychange', update);
    reduceMotion.addEventListener('change', update);
    return () => {
      stop();
      window.removeEventListener('resize', resize);
      document.removeEventListener('visibilitychange', update);
      reduceMotion.removeEventListener('change', update);
    };
  }, []);

  return <canvas ref={ref} className={className} aria-hidden="true" data-testid="particles" />;
}
