/** The rate-limit module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { beginPasswordCheck, beginRegistration, beginSignIn, type Attempt } from './failed-attempts';
export { countAttempt, countAttemptUnlessAnswered, type Counter } from './service';
