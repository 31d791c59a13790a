/**
 * Every TanStack Query key of the web app, one factory per area (decision 118). A key's first element
 * is its area's root; each `queryOptions` takes its key from here, mutations invalidate through
 * here, and the live map (live.ts) names roots of this file only — so it cannot name a key no query
 * uses, and a query cannot hide from it under a spelling of its own (lint refuses a literal
 * `queryKey` array outside this file).
 */
export const queryKeys = {
  session: {
    all: ['me'] as const,
    balances: () => ['me', 'balances'] as const,
    /** The employee's own wallet: under 'me', so every balance change refreshes it with the cards. */
    wallet: (params: object) => ['me', 'wallet', params] as const,
  },
  publicConfig: { all: ['public-config'] as const },

  // ── level 3: the employee ──
  catalogue: {
    all: ['catalogue'] as const,
    /** One search, order and 'Me alcanza' of the catalogue (decision 273). */
    list: (params: object) => ['catalogue', params] as const,
  },
  employeeDashboard: { all: ['employee-dashboard'] as const },
  myRequests: {
    all: ['my-requests'] as const,
    list: (params: object) => ['my-requests', params] as const,
  },
  surveys: {
    all: ['surveys'] as const,
    mineA: () => ['surveys', 'a', 'mine'] as const,
    adminList: (params: object) => ['surveys', 'admin', 'list', params] as const,
    adminDetail: (id: string | null) => ['surveys', 'admin', 'detail', id] as const,
    companySummary: (companyId: string | null) => ['surveys', 'admin', 'summary', companyId] as const,
  },

  // ── every level ──
  notifications: {
    all: ['notifications'] as const,
    unread: () => ['notifications', 'unread'] as const,
    list: (limit: number) => ['notifications', 'list', limit] as const,
  },
  achievements: {
    all: ['achievements'] as const,
    rules: (page: number, pageSize: number) => ['achievements', 'rules', page, pageSize] as const,
    analysis: () => ['achievements', 'analysis'] as const,
    qualifying: (params: object) => ['achievements', 'qualifying', params] as const,
  },

  // ── level 2: HR ──
  hr: {
    all: ['hr'] as const,
    dashboard: () => ['hr', 'dashboard'] as const,
    overview: () => ['hr', 'benefits-overview'] as const,
    tokenStats: () => ['hr', 'token-stats'] as const,
    employees: (params: object) => ['hr', 'employees', params] as const,
    allEmployees: () => ['hr', 'all-employees'] as const,
    history: (limit: number) => ['hr', 'history', limit] as const,
    users: (params: object) => ['hr', 'users', params] as const,
    benefits: (params: object) => ['hr', 'benefits', params] as const,
    requests: (params: object) => ['hr', 'requests', params] as const,
  },
  monthlyAllowance: {
    all: ['monthly-allowance'] as const,
    company: () => ['monthly-allowance', 'company'] as const,
  },
  bot: {
    all: ['bot'] as const,
    access: () => ['bot', 'access'] as const,
    accessList: (params: object) => ['bot', 'access', params] as const,
    /** Level 1's queue of saved configurations. */
    requests: (params: object) => ['bot', 'requests', params] as const,
    /** Everything on HR's bot screen. */
    hr: () => ['bot', 'hr'] as const,
    config: () => ['bot', 'hr', 'config'] as const,
    profiles: (params: object) => ['bot', 'hr', 'profiles', params] as const,
    profile: (userId: string) => ['bot', 'hr', 'profile', userId] as const,
    alerts: (params: object) => ['bot', 'hr', 'alerts', params] as const,
    analytics: () => ['bot', 'hr', 'analytics'] as const,
  },

  // ── level 1: the platform ──
  adminDashboard: { all: ['admin-dashboard'] as const },
  companies: {
    all: ['companies'] as const,
    list: (params: object) => ['companies', 'list', params] as const,
  },
  platformBenefits: {
    all: ['platform-benefits'] as const,
    list: (params: object) => ['platform-benefits', params] as const,
  },
  adminRequests: {
    all: ['admin-requests'] as const,
    list: (params: object) => ['admin-requests', params] as const,
  },
  providers: {
    all: ['providers'] as const,
    list: (params: object) => ['providers', params] as const,
    options: () => ['providers', 'options'] as const,
  },
  adminUsers: {
    all: ['admin-users'] as const,
    list: (params: object) => ['admin-users', 'list', params] as const,
    summary: () => ['admin-users', 'summary'] as const,
    levelChanges: (userId: string | null) => ['admin-users', 'level-changes', userId] as const,
  },
  /** Background events the workers gave up on (decision 366): the list and its count. */
  deadEvents: {
    all: ['dead-events'] as const,
    list: (cursor: string | null) => ['dead-events', 'list', cursor] as const,
  },
  adminTokens: {
    all: ['admin-tokens'] as const,
    employees: () => ['admin-tokens', 'employees'] as const,
    employeeList: (params: object) => ['admin-tokens', 'employees', params] as const,
    history: () => ['admin-tokens', 'history'] as const,
    historyList: (params: object) => ['admin-tokens', 'history', params] as const,
  },

  // ── levels 1 and 2: integrations ──
  webhooks: {
    all: ['webhooks'] as const,
    endpoints: () => ['webhooks', 'endpoints'] as const,
    secret: (endpointId: string | null) => ['webhooks', 'secret', endpointId] as const,
    deliveries: (endpointId: string | null, page: number, pageSize: number) => ['webhooks', 'deliveries', endpointId, page, pageSize] as const,
  },
  apiKeys: { all: ['api-keys'] as const, list: (company: string) => ['api-keys', 'list', company] as const },

  // ── level 4: the provider ──
  provider: {
    all: ['provider'] as const,
    /** Every page and filter of the history (and the stat cards, which come with it). */
    history: () => ['provider', 'history'] as const,
    historyPage: (params: object) => ['provider', 'history', params] as const,
    requests: () => ['provider', 'requests'] as const,
  },
};

export type QueryArea = keyof typeof queryKeys;
/** The first element of a key: what the live map refreshes. */
export type QueryRoot = (typeof queryKeys)[QueryArea]['all'][0];
