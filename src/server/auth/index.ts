/** The sign-in module's public face (better-auth, its session reader and routes): what the composition wires in. Its other files are private (docs/architecture.md §2). */
export { createAuth, createAuthSessionReader, type Auth } from './auth';
export { endSessionSignedOutOffline, expireSignedOutCookies } from './pending-sign-out';
export { authRoutes } from './routes';
export { type SessionReader } from './session-reader';
