/**
 * The surveys A and B of the export.
 */
import { profileSurveys, surveyBResponses } from '#server/db/schema';
import { legacySurveyA, legacySurveyB, zodReason } from '../parse';
import { chunks, type Run } from '../run';

export async function importSurveys(run: Run): Promise<void> {
  const rowsA: Array<typeof profileSurveys.$inferInsert> = [];
  const createdA: Array<[string, string]> = [];
  const seenA = new Set<string>();
  for (const [key, value] of run.records('survey_a', run.data['encuestas-perfilamiento'])) {
    if (run.existing('survey_a', key)) continue;
    const parsed = legacySurveyA.safeParse(value);
    if (!parsed.success) {
      run.skip('survey_a', key, `Encuesta ${key}: ${zodReason(parsed.error)}`);
      continue;
    }
    // Keyed by the person's uid, or a push id with userId inside.
    const person = run.people.get(parsed.data.userId ?? key);
    if (!person) {
      run.skip('survey_a', key, `Encuesta ${key}: su usuario no está en la exportación o no se importó`);
      continue;
    }
    if (seenA.has(person.id)) {
      run.skip('survey_a', key, `Encuesta ${key}: ${person.email} ya tiene otra encuesta en la exportación`);
      continue;
    }
    seenA.add(person.id);
    rowsA.push({
      userId: person.id,
      userName: parsed.data.userName ?? person.name,
      surveyType: 'A',
      answers: parsed.data.answers,
      selectedBenefits: parsed.data.selectedBenefits,
      medals: parsed.data.medals,
      completedAt: parsed.data.completedAt ?? parsed.data.timestamp ?? run.now,
    });
    createdA.push([key, person.id]);
  }
  for (const part of chunks(rowsA)) await run.tx.insert(profileSurveys).values(part).onConflictDoNothing();
  await run.remember('survey_a', createdA);

  const rowsB: Array<typeof surveyBResponses.$inferInsert> = [];
  const createdB: Array<[string, string]> = [];
  for (const [uid, value] of run.records('survey_b', run.data.survey_b_responses)) {
    if (run.existing('survey_b', uid)) continue;
    const parsed = legacySurveyB.safeParse(value);
    const person = run.people.get(uid);
    if (!parsed.success || !person) {
      run.skip('survey_b', uid, `Encuesta B ${uid}: ${parsed.success ? 'su usuario no está en la exportación o no se importó' : zodReason(parsed.error)}`);
      continue;
    }
    const s = parsed.data;
    rowsB.push({
      userId: person.id,
      personalityMatrix: s.personalityMatrix,
      benefitPriorities: s.benefitPriorities ?? null,
      lifestyleAssessment: s.lifestyleAssessment ?? null,
      futureVision: s.futureVision ?? null,
      completedAt: s.completedAt ?? s.submittedAt ?? run.now,
      submittedAt: s.submittedAt ?? s.completedAt ?? run.now,
    });
    createdB.push([uid, person.id]);
  }
  for (const part of chunks(rowsB)) await run.tx.insert(surveyBResponses).values(part).onConflictDoNothing();
  await run.remember('survey_b', createdB);
}
