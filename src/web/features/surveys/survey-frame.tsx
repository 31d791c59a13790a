import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useMe, useSignOut } from '../../api/session';
import { Logo } from '../../components/logo';
import classes from './survey.module.css';

/**
 * The full-screen frame of both surveys: the wordmark and a way out. Someone whose survey is still
 * pending can only sign out (the guard keeps them here); someone retaking it goes back home.
 */
export function SurveyFrame({ children, className, background }: { children: ReactNode; className?: string; background?: ReactNode }) {
  const { data: me } = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const isPending = !me?.surveyCompleted;
  return (
    <div className={`${classes.screen} ${className ?? ''}`}>
      {background}
      <header className={classes.topBar}>
        <Logo size={26} inverted />
        {isPending ? (
          <button type="button" className={classes.ghostButton} onClick={() => signOut.mutate(undefined, { onSettled: () => void navigate('/login') })}>
            Cerrar sesión
          </button>
        ) : (
          <button type="button" className={classes.ghostButton} onClick={() => void navigate('/level3/dashboard')}>
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
