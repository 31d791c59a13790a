/**
 * The periodic analysis (decision 92): at each company's frequency, recompute its profiles, raise its
 * alerts and keep the period's figures for the trend chart. The job engine (jobs.ts, pg-boss) runs it
 * every ten minutes; each message's own analysis is the outbox's (ingest.ts). Safe with several server
 * copies: a period is claimed by inserting its row (company, period start) — the primary key lets one
 * copy win — in the same transaction that does the work, so a copy that dies mid-way releases it.
 */
import { sql } from 'drizzle-orm';
import { ANALYSIS_FREQUENCIES, ANALYSIS_PERIOD_DAYS, type AnalysisFrequency } from '#domain/bot';
import { queryRows, type Db } from '../../db/client';
import { botAnalysisRuns, companies } from '../../db/schema';
import { raiseAlerts, refreshProfiles } from './ingest';
import { botIsOn } from './settings';

type PeriodicRunOptions = { now?: Date };
type PeriodicRunResult = { companiesAnalysed: number; alertsRaised: number };

/**
 * Where periods are counted from: Monday 2000-01-03 at midnight in Chile (UTC−4; in summer time a
 * period starts at 1 AM), so a period's first day is the same date on the screens (America/Santiago).
 */
export const PERIOD_ORIGIN = sql`timestamptz '2000-01-03 04:00:00+00'`;

/** The start of the period `at` (default: now) falls in, by the database clock (every copy agrees). */
export function periodStartSql(frequency: AnalysisFrequency, now?: Date) {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  return sql`date_bin(make_interval(days => ${ANALYSIS_PERIOD_DAYS[frequency]}), ${at}, ${PERIOD_ORIGIN})`;
}

export async function runPeriodicBotAnalysis(db: Db, options: PeriodicRunOptions = {}): Promise<PeriodicRunResult> {
  // Each company whose bot is on, once per period of its frequency.
  const active = await db.select({ id: companies.id, config: companies.botConfig }).from(companies).where(botIsOn);
  let companiesAnalysed = 0;
  let alertsRaised = 0;
  for (const company of active) {
    const frequency = company.config?.analysisFrequency ?? 'weekly';
    if (!ANALYSIS_FREQUENCIES.includes(frequency)) continue;
    const raised = await db.transaction(async (tx) => {
      const periodStart = periodStartSql(frequency, options.now);
      const [claimed] = await tx
        .insert(botAnalysisRuns)
        .values({ companyId: company.id, periodStart, frequency })
        .onConflictDoNothing()
        .returning({ periodStart: botAnalysisRuns.periodStart });
      if (!claimed) return null;
      await refreshProfiles(tx, company.id, ANALYSIS_PERIOD_DAYS[frequency]);
      const count = await raiseAlerts(tx, company.id);
      const [figures] = await queryRows<{ average: number | null; on_alert: number; conversations: number }>(
        tx,
        sql`select (select avg(stress_score)::float8 from employee_wellbeing_profiles where company_id = ${company.id}::uuid and stress_score is not null) as average,
                   (select count(*)::int from bot_alerts where company_id = ${company.id}::uuid and status = 'open') as on_alert,
                   (select count(*)::int from bot_conversations where company_id = ${company.id}::uuid and last_message_at >= ${claimed.periodStart.toISOString()}::timestamptz) as conversations`,
      );
      await tx
        .update(botAnalysisRuns)
        .set({ averageScore: figures.average, employeesOnAlert: figures.on_alert, conversations: figures.conversations, computedAt: new Date() })
        .where(sql`${botAnalysisRuns.companyId} = ${company.id}::uuid and ${botAnalysisRuns.periodStart} = ${claimed.periodStart.toISOString()}::timestamptz`);
      return count;
    });
    if (raised !== null) {
      companiesAnalysed += 1;
      alertsRaised += raised;
    }
  }
  return { companiesAnalysed, alertsRaised };
}

