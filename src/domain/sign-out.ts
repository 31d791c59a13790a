/**
 * The cookie the web app sets the moment 'Cerrar sesión' is pressed, before asking the server
 * (decision 346). The session cookie is HttpOnly, so a page without a connection cannot remove it;
 * this one it can write, and the server ends the session of ANY request that carries it (the page, its
 * preloads, the app's files), then removes both. Readable by the app: it is also "sign-out pending".
 */
export const SIGN_OUT_PENDING_COOKIE = 'jobby.sign_out_pending';
