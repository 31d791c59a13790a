/** What came in from the earlier app (decisions 156 and 157): one row per imported record, so a second run changes nothing. */
import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Legacy id → new id, per entity ('company', 'user', 'platform_benefit', 'company_benefit', 'request',
 * 'code', 'balance', 'survey_a', 'survey_b', 'achievement', 'user_achievement'). A plain id, no foreign key:
 * the mapping outlives nothing it names and never blocks a deletion.
 */
export const legacyImports = pgTable(
  'legacy_imports',
  {
    entity: text('entity').notNull(),
    legacyId: text('legacy_id').notNull(),
    newId: text('new_id').notNull(),
    importedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.legacyId] })],
);
