import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { canEnterArea, homePath, isSurveyPending, SURVEY_PATHS, type Level } from '../../domain/levels';
import { href, paths } from '../../domain/paths';
import { hasSignedOutHere, useMe } from '../api/session';
import { ErrorState } from '../components/error-state';
import { OfflineNotice } from '../components/offline-notice';
import { PageLoader } from '../components/page-loader';
import { messageOf } from '../api/client';
import { loginReturningTo } from '../api/session-ended';

/**
 * /login, coming back to the screen the person opened once they have signed in (decision 176); a bare
 * /login right after signing out in this tab.
 */
function useLoginHere(): string {
  const { pathname, search, hash } = useLocation();
  return hasSignedOutHere() ? href(paths.login) : loginReturningTo(pathname + search + hash);
}

/**
 * The browser's guard (a convenience: the server is the gate). No session → /login (and back here
 * after signing in); another
 * level's area → own dashboard; a level 3 user with the survey pending → the survey only.
 */
export function RequireArea({ level, children, loadingLabel }: { level: Level; children: ReactNode; loadingLabel?: string }) {
  const { data: me, isPending, isError, error, refetch, fetchStatus } = useMe();
  const location = useLocation();
  const loginHere = useLoginHere();
  // Opened offline with nothing kept on this device (decision 252): say so instead of loading forever.
  if (isPending && fetchStatus === 'paused') {
    return (
      <Box p="md" maw={640} mx="auto">
        <OfflineNotice updatedAt={0} />
      </Box>
    );
  }
  if (isPending) return <PageLoader label={loadingLabel} />;
  // Only when nobody is known: a re-read that failed while the person is known (from this session or
  // the offline snapshot) leaves their screen in place, and the screen's own reads say what failed
  // (decision 347). A 401 is not shown here either: session-ended.ts sends the person to /login.
  if (isError && !me) {
    return <ErrorState message={`Error al cargar datos de usuario: ${messageOf(error)}`} onRetry={() => void refetch()} />;
  }
  if (!me) return <Navigate to={loginHere} replace />;
  const home = homePath(me);
  if (!canEnterArea({ level: (me.level as Level | null) ?? null }, level)) {
    return <Navigate to={home ?? href(paths.login)} replace />;
  }
  if (level === 3 && isSurveyPending(me) && !SURVEY_PATHS.includes(location.pathname)) {
    return <Navigate to={href(paths.employee.survey)} replace />;
  }
  return <>{children}</>;
}

/** Any signed-in user (the /profile screen). */
export function RequireSession({ children }: { children: ReactNode }) {
  const { data: me, isPending } = useMe();
  const loginHere = useLoginHere();
  if (isPending) return <PageLoader />;
  if (!me) return <Navigate to={loginHere} replace />;
  return <>{children}</>;
}
