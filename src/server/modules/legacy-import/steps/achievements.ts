/**
 * The achievement rules of the export and the achievements it granted (their rewards are already in the imported histories).
 */
import { randomUUID } from 'node:crypto';
import { recordStatusOf } from '#domain/constants';
import { ACHIEVEMENT_CONDITION_TYPES } from '#domain/schemas/engine';
import { achievementRules, userAchievements } from '#server/db/schema';
import { legacyAchievement, legacyUserAchievement, zodReason } from '../parse';
import { chunks, pairsIn, type Run } from '../run';

export async function importAchievements(run: Run): Promise<void> {
  const created: Array<[string, string]> = [];
  for (const [key, value] of run.records('achievement', run.data.achievements)) {
    if (run.existing('achievement', key)) continue;
    const parsed = legacyAchievement.safeParse(value);
    const type = parsed.success ? parsed.data.condition.type : null;
    if (!parsed.success || !parsed.data.name || !type || !(ACHIEVEMENT_CONDITION_TYPES as readonly string[]).includes(type)) {
      run.skip('achievement', key, `Logro ${key}: ${parsed.success ? (parsed.data.name ? `condición «${type ?? ''}» desconocida` : 'no tiene nombre') : zodReason(parsed.error)}`);
      continue;
    }
    const a = parsed.data;
    const [row] = await run.tx
      .insert(achievementRules)
      .values({
        name: a.name as string,
        description: a.description ?? (a.name as string),
        conditionType: type,
        conditionValue: a.condition.value ?? null,
        conditionMinUsers: a.condition.minUsers ?? null,
        rewardTokens: Math.max(0, a.rewards.tokens ?? 0),
        status: recordStatusOf(a.status),
        createdBy: a.createdBy ? (run.people.get(a.createdBy)?.id ?? null) : null,
        createdAt: a.createdAt ?? run.now,
      })
      .returning({ id: achievementRules.id });
    created.push([key, row.id]);
  }
  await run.remember('achievement', created);

  const rows: Array<typeof userAchievements.$inferInsert> = [];
  const granted: Array<[string, string]> = [];
  for (const [uid, list] of run.records('user_achievement', run.data.user_achievements)) {
    const person = run.people.get(uid);
    for (const [key, value] of run.records('user_achievement', pairsIn(list), `${uid}/`)) {
      const legacyId = `${uid}/${key}`;
      if (run.existing('user_achievement', legacyId)) continue;
      const parsed = legacyUserAchievement.safeParse(value);
      const ruleId = parsed.success && parsed.data.ruleId ? run.map('achievement').get(parsed.data.ruleId) : undefined;
      if (!person || !parsed.success || !ruleId) {
        run.skip('user_achievement', legacyId, `Logro otorgado ${legacyId}: ${!person ? 'su usuario no se importó' : !parsed.success ? zodReason(parsed.error) : 'su logro no se importó'}`);
        continue;
      }
      const id = randomUUID();
      // The reward's tokens are already in the person's imported history: no transfer here.
      rows.push({ id, userId: person.id, ruleId, ruleName: parsed.data.ruleName ?? '', grantedAt: parsed.data.grantedAt ?? run.now, context: parsed.data.context ?? null, rewardTokens: Math.max(0, parsed.data.rewardTokens ?? 0) });
      granted.push([legacyId, id]);
    }
  }
  for (const part of chunks(rows)) await run.tx.insert(userAchievements).values(part).onConflictDoNothing();
  await run.remember('user_achievement', granted);
}
