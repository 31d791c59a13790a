import { paths } from './paths';

/**
 * What a screen asks the API for first, by the page's path: the server names these in a `Link:
 * rel=preload` header of the page's HTML (decision 147), so the answers travel while the scripts
 * load; the web's queries read the same addresses from here, so the preload and the fetch that
 * consumes it cannot drift apart. Only data any signed-in person of the page's level may read.
 */
export const API = {
  me: '/api/me',
  balances: '/api/me/balances',
  employeeDashboard: '/api/me/dashboard',
  hrDashboard: '/api/company/dashboard',
  adminDashboard: '/api/admin/dashboard',
} as const;

/** An address a page may preload (every one but /api/me, which index.html preloads for every page). */
export type FirstDataAddress = Exclude<(typeof API)[keyof typeof API], typeof API.me>;

const FIRST_DATA: Record<string, readonly FirstDataAddress[]> = {
  [paths.employee.dashboard.path]: [API.employeeDashboard, API.balances],
  [paths.hr.dashboard.path]: [API.hrDashboard],
  [paths.admin.dashboard.path]: [API.adminDashboard],
};

/** The API addresses the page at `pathname` asks for first (`/api/me` is preloaded by every page's HTML). */
export function firstDataOf(pathname: string): readonly FirstDataAddress[] {
  return FIRST_DATA[pathname.replace(/\/+$/, '')] ?? [];
}
