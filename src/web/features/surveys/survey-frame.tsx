import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { BANNER_CLEAR_MS } from '#domain/constants';
import { useMe } from '../../api/session';
import { useLogOut } from '../../components/use-log-out';
import { Logo } from '../../components/logo';
import classes from './survey.module.css';
import { href, paths } from '#domain/paths';

/**
 * The full-screen frame of both surveys: the wordmark and a way out. Someone whose survey is still
 * pending can only sign out (the guard keeps them here); someone retaking it goes back home.
 */
export function SurveyFrame({ children, className, background }: { children: ReactNode; className?: string; background?: ReactNode }) {
  const { data: me } = useMe();
  const { logOut } = useLogOut();
  const navigate = useNavigate();
  const isPending = !me?.surveyCompleted;
  return (
    <div className={`${classes.screen} ${className ?? ''}`}>
      {background}
      <header className={classes.topBar}>
        <Logo size={26} inverted />
        {isPending ? (
          <button type="button" className={classes.ghostButton} onClick={logOut}>
            Cerrar sesión
          </button>
        ) : (
          <button type="button" className={classes.ghostButton} onClick={() => void navigate(href(paths.employee.dashboard))}>
            Volver al inicio
          </button>
        )}
      </header>
      <main>{children}</main>
    </div>
  );
}

/** The bar of a survey's progress; `value` from 0 to 1. */
export function SurveyProgress({ value, label }: { value: number; label: string }) {
  const percent = Math.round(value * 100);
  return (
    <div className={classes.progressTrack} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className={classes.progressFill} style={{ transform: `scaleX(${value})` }} />
    </div>
  );
}

/** The animated panel background of survey A (CSS only). */
export function Blobs() {
  return (
    <div className={classes.blobs} aria-hidden="true">
      <div className={classes.blob} />
      <div className={classes.blob} />
      <div className={classes.blob} />
    </div>
  );
}

/** Centred, full-height message screens: checking, type B notice, celebration. */
export function CenteredScreen({ children }: { children: ReactNode }) {
  return (
    <div className={classes.centered} role="status" aria-live="polite">
      {children}
    </div>
  );
}

/** Goes to `path` once `delayMs` has passed on this screen (the surveys' timed steps, spec part 2 §9). */
export function useRedirectAfter(path: string, delayMs: number) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(path, { replace: true }), delayMs);
    return () => window.clearTimeout(timer);
  }, [navigate, path, delayMs]);
}

/** A message that clears itself after 5 s (spec part 2 §4). */
export function useTransientMessage() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), BANNER_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  return [message, setMessage] as const;
}
