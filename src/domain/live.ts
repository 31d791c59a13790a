/**
 * The topics of the live stream (GET /api/events): the server says which topic changed, each screen
 * maps a topic to the queries it refreshes (src/web/api/live.ts). A topic carries no data.
 */
export const LIVE_TOPICS = ['balances', 'requests', 'codes', 'notifications', 'achievements', 'wellbeing'] as const;

export type LiveTopic = (typeof LIVE_TOPICS)[number];
