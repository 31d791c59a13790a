/** The users module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { companyAccounts, companyEmployees, companyUserBatch } from './hr-users';
export { userRoutes } from './routes';
export { assignLevelAtFirstSignIn, emailIsRegistered, findUserForSignIn, personColumns, revokeUserSessions, setThemePreference, toMe, updateProfile, writeUserPhone } from './service';
