/**
 * Demo data: a believable Spanish-language world seeded into an empty database.
 * Every balance comes from ledger transfers, and every request from the economy's own services
 * (redeem, approve, reject, verify), so the demo can never disagree with what the API writes.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { CODE_VALIDITY_DAYS, DEFAULT_ADD_TOKENS_REASON, DEFAULT_HR_ASSIGN_REASON } from '../../domain/constants';
import type { RedemptionResult } from '../../domain/schemas/economy';
import { loadActorRow, toActor } from '../actor';
import type { Executor, Db } from '../db/client';
import { passwordHashing } from '../accounts/password';
import { PUBLISHED_DEMO_PASSWORD } from '../config';
import {
  accounts as authAccounts,
  benefitCodes,
  benefitRequests,
  companies,
  companyBenefits,
  ledgerTransfers,
  platformBenefits,
  profileSurveys,
  rateLimitCounters,
  redemptions,
  surveyBResponses,
  users,
} from '../db/schema';
import { verifyCode } from '../modules/codes/index';
import { accounts, transfer } from '../modules/ledger/index';
import { redeemBenefit } from '../modules/redemptions/index';
import { approveRequest, rejectRequest } from '../modules/requests/index';
import { saveSurveyA, saveSurveyB } from '../modules/surveys/index';
import type { SurveyAInput, SurveyBInput } from '../../domain/schemas/surveys';
import { seedBotDemo } from './bot';

/** The published demo password (README); config.ts refuses it in production. */
export const DEMO_PASSWORD = PUBLISHED_DEMO_PASSWORD;

type DemoAccount = { email: string; level: 1 | 2 | 3 | 4; note: string };

type DemoEmployee = {
  name: string;
  local: string;
  userType?: 'A' | 'B';
  surveyDone?: boolean;
  disabled?: boolean;
  department: string;
  jobby: number;
  company: number;
};

const ANDES: DemoEmployee[] = [
  { name: 'Camila Rojas', local: 'camila', surveyDone: true, department: 'Marketing', jobby: 25, company: 15 },
  { name: 'Diego Fuentes', local: 'diego', department: 'Ventas', jobby: 10, company: 10 },
  { name: 'Valentina Muñoz', local: 'valentina', surveyDone: true, department: 'Finanzas', jobby: 18, company: 12 },
  { name: 'Matías González', local: 'matias', userType: 'B', department: 'Tecnología', jobby: 8, company: 20 },
  { name: 'Javiera Soto', local: 'javiera', surveyDone: true, userType: 'B', department: 'Personas', jobby: 30, company: 5 },
  { name: 'Benjamín Pérez', local: 'benjamin', surveyDone: true, department: 'Operaciones', jobby: 12, company: 8 },
  { name: 'Isidora Contreras', local: 'isidora', department: 'Legal', jobby: 5, company: 5 },
  { name: 'Tomás Silva', local: 'tomas', disabled: true, surveyDone: true, department: 'Logística', jobby: 3, company: 0 },
];

/**
 * The demo's survey answers, taken in turn by the people who answered each survey: varied, so level 1's
 * company summary has something to count. Camila's categories are the ones the dashboard demo expects.
 */
const DEMO_ANSWERS_A: SurveyAInput[] = [
  { generationalMemory: 'festival_vina', categories: ['comidas', 'experiencias', 'mascotas'], satisfactionLevel: 'satisfecho' },
  { generationalMemory: 'pokemon_yugioh', categories: ['suscripciones', 'comidas'], satisfactionLevel: 'neutral' },
  { generationalMemory: 'streaming_netflix', categories: ['experiencias', 'descuentos', 'regalos'], satisfactionLevel: 'muy_satisfecho' },
  { generationalMemory: 'sabados_gigantes', categories: ['comidas'], satisfactionLevel: 'insatisfecho' },
  { generationalMemory: null, categories: ['mascotas', 'regalos', 'comidas'], satisfactionLevel: 'satisfecho' },
  { generationalMemory: 'tiktok_reggaeton', categories: ['suscripciones', 'experiencias', 'descuentos'], satisfactionLevel: 'muy_insatisfecho' },
];
const DEMO_ANSWERS_B: SurveyBInput[] = [
  {
    personalityMatrix: 'collaborator',
    benefitPriorities: ['team', 'wellness', 'flexibility', 'growth', 'rewards', 'tech'],
    lifestyleAssessment: { work_life_balance: 70, social_interaction: 85, challenge_seeking: 40, stability_preference: 60 },
    futureVision: { '6_months': 'technical_skills', '1_year': 'promotion', '2_years': 'team_leadership', '3_years': 'work_life_balance' },
  },
  {
    personalityMatrix: 'executor',
    benefitPriorities: ['rewards', 'growth', 'tech', 'flexibility', 'wellness', 'team'],
    lifestyleAssessment: { work_life_balance: 35, social_interaction: 50, challenge_seeking: 90, stability_preference: 25 },
    futureVision: { '6_months': 'promotion', '1_year': 'specialization', '2_years': 'area_change', '3_years': 'entrepreneurship' },
  },
];

const AUSTRAL: DemoEmployee[] = [
  { name: 'Sofía Morales', local: 'sofia', surveyDone: true, department: 'Diseño', jobby: 20, company: 15 },
  { name: 'Martín Vargas', local: 'martin', department: 'Ventas', jobby: 6, company: 10 },
  { name: 'Antonia Reyes', local: 'antonia', surveyDone: true, department: 'Tecnología', jobby: 14, company: 9 },
  { name: 'Lucas Herrera', local: 'lucas', userType: 'B', department: 'Soporte', jobby: 9, company: 4 },
  { name: 'Florencia Castro', local: 'florencia', surveyDone: true, department: 'Finanzas', jobby: 22, company: 11 },
  { name: 'Agustín Navarro', local: 'agustin', surveyDone: true, userType: 'B', department: 'Operaciones', jobby: 7, company: 6 },
  { name: 'Emilia Torres', local: 'emilia', department: 'Marketing', jobby: 11, company: 3 },
  { name: 'Joaquín Díaz', local: 'joaquin', disabled: true, department: 'Personas', jobby: 0, company: 2 },
];

const PLATFORM_BENEFITS = [
  { title: 'Almuerzo en Café Central', description: 'Un almuerzo ejecutivo con bebida y postre en cualquier local de Café Central.', type: 'automatic', category: 'comidas', tokenCost: 3, provider: 'cafe', image: 'https://images.unsplash.com/photo-1504674900247-0877df9cc836?w=800' },
  { title: 'Entrada 2x1 Cine Estrella', description: 'Dos entradas al precio de una para cualquier función 2D de la semana.', type: 'managed', category: 'experiencias', tokenCost: 4, provider: 'cine', image: 'https://images.unsplash.com/photo-1489599849927-2ee91cede3ba?w=800', repeatable: true },
  { title: 'Gift card Librería Austral', description: 'Tarjeta de regalo de $15.000 para libros, papelería y juegos de mesa.', type: 'third_party', category: 'regalos', tokenCost: 5, provider: null, image: 'https://images.unsplash.com/photo-1512820790803-83ca734da794?w=800' },
  { title: 'Consulta veterinaria a domicilio', description: 'Una visita de control para tu mascota, con vacunas básicas incluidas.', type: 'third_party', category: 'mascotas', tokenCost: 6, provider: null, image: 'https://images.unsplash.com/photo-1583337130417-3346a1be7dee?w=800' },
  { title: 'Un mes de música sin anuncios', description: 'Suscripción mensual a un servicio de música en streaming.', type: 'automatic', category: 'suscripciones', tokenCost: 2, provider: null, image: 'https://images.unsplash.com/photo-1511379938547-c1f69419868d?w=800' },
  { title: '20% de descuento en delivery', description: 'Cupón de descuento para tu próximo pedido de comida a domicilio.', type: 'automatic', category: 'descuentos', tokenCost: 1, provider: 'cafe', image: 'https://images.unsplash.com/photo-1526367790999-0150786686a2?w=800', unlimited: true, repeatable: true },
  { title: 'Café de especialidad', description: 'Un café de grano y un pastel en Café Central.', type: 'automatic', category: 'comidas', tokenCost: 1, provider: 'cafe', image: 'https://images.unsplash.com/photo-1509042239860-f550ce710b93?w=800', repeatable: true },
] as const;

const COMPANY_BENEFITS: Record<'andes' | 'austral', Array<{ title: string; description: string; category: string; tokenCost: number; available: number; limit: number; requiresApproval?: boolean }>> = {
  andes: [
    { title: 'Día libre de cumpleaños', description: 'Toma el día de tu cumpleaños libre, con goce de sueldo.', category: 'experiencias', tokenCost: 5, available: 40, limit: 1, requiresApproval: true },
    { title: 'Almuerzo con el equipo', description: 'Almuerzo pagado para ti y tu equipo en el casino de la oficina.', category: 'comidas', tokenCost: 2, available: 30, limit: 2 },
    { title: 'Tarde libre de viernes', description: 'Sal a las 14:00 un viernes del mes.', category: 'experiencias', tokenCost: 3, available: 20, limit: 1 },
    { title: 'Kit de bienvenida para mascotas', description: 'Cama, juguetes y snacks para tu mascota.', category: 'mascotas', tokenCost: 4, available: 10, limit: 1 },
  ],
  austral: [
    { title: 'Clase de yoga en la oficina', description: 'Una clase semanal de yoga durante un mes.', category: 'experiencias', tokenCost: 2, available: 25, limit: 3 },
    { title: 'Bono de movilización', description: 'Carga de $10.000 en tu tarjeta de transporte.', category: 'descuentos', tokenCost: 3, available: 50, limit: 2 },
    { title: 'Home office equipado', description: 'Silla ergonómica en préstamo por seis meses.', category: 'regalos', tokenCost: 8, available: 5, limit: 1, requiresApproval: true },
  ],
};

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'plataforma@jobby.cl', level: 1, note: 'Administrador de plataforma' },
  { email: 'admin@andes.cl', level: 2, note: 'RR.HH. de Andes' },
  { email: 'admin@austral.cl', level: 2, note: 'RR.HH. de Austral' },
  { email: 'camila@andes.cl', level: 3, note: 'Colaboradora de Andes, encuesta completa' },
  { email: 'diego@andes.cl', level: 3, note: 'Colaborador de Andes, encuesta pendiente' },
  { email: 'sofia@austral.cl', level: 3, note: 'Colaboradora de Austral, encuesta completa' },
  { email: 'matias@andes.cl', level: 3, note: 'Colaborador tipo B, encuesta pendiente' },
  { email: 'tomas@andes.cl', level: 3, note: 'Cuenta deshabilitada' },
  { email: 'cafe@jobby.sup', level: 4, note: 'Proveedor Café Central' },
  { email: 'cine@jobby.sup', level: 4, note: 'Proveedor Cine Estrella' },
];

export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return row.n === 0;
}

type UserSeed = {
  name: string;
  email: string;
  level: 1 | 2 | 3 | 4;
  companyId?: string | null;
  userType?: 'A' | 'B';
  status?: 'active' | 'inactive';
  department?: string;
  providerCategory?: string;
  providerDescription?: string;
  createdAt?: Date;
};

const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);

/**
 * Moves a request made today back to `when`: its request, redemption, transfers and code (a code's
 * expiry moves with it, so one issued 40 days ago has expired; a use stays two hours after issue).
 */
async function backdate(tx: Executor, requestId: string, when: Date): Promise<void> {
  const at = when.toISOString();
  await tx
    .update(benefitRequests)
    .set({ requestDate: when, processedDate: sql`case when ${benefitRequests.processedDate} is null then null else ${at}::timestamptz end` })
    .where(eq(benefitRequests.id, requestId));
  await tx.update(redemptions).set({ redemptionDate: when }).where(eq(redemptions.requestId, requestId));
  // The ledger is append-only (migration ledger_append_only); only the demo's history is dated after the
  // fact, so the guard is lifted inside this transaction alone and restored before it commits. Only the
  // table's owner may lift it: main.ts seeds on DATABASE_OWNER_URL's connection (decision 378).
  await tx.execute(sql`alter table ledger_transfers disable trigger ledger_transfers_no_update_delete`);
  await tx.update(ledgerTransfers).set({ createdAt: when }).where(eq(ledgerTransfers.requestId, requestId));
  await tx.execute(sql`alter table ledger_transfers enable trigger ledger_transfers_no_update_delete`);
  const expiresAt = new Date(when.getTime() + CODE_VALIDITY_DAYS * 24 * 60 * 60 * 1000);
  const usedAt = new Date(Math.max(when.getTime(), Math.min(Date.now(), when.getTime() + 2 * 60 * 60 * 1000))).toISOString();
  await tx
    .update(benefitCodes)
    .set({ createdAt: when, expiresAt, usedAt: sql`case when ${benefitCodes.usedAt} is null then null else ${usedAt}::timestamptz end` })
    .where(eq(benefitCodes.requestId, requestId));
}

export async function seedDemoData(db: Db, password: string = DEMO_PASSWORD): Promise<void> {
  const passwordHash = await passwordHashing.hash(password);
  await db.transaction(async (tx) => {
    const [andes, austral] = await tx
      .insert(companies)
      .values([
        { name: 'Andes', emailDomain: 'andes.cl', contactName: 'Carolina Pizarro', contactEmail: 'rrhh@andes.cl', contactPhone: '+56 2 2345 6789', address: 'Av. Apoquindo 4500, Las Condes, Santiago', maxUsers: 60, createdAt: daysAgo(120) },
        { name: 'Austral', emailDomain: 'austral.cl', contactName: 'Rodrigo Álvarez', contactEmail: 'personas@austral.cl', contactPhone: '+56 2 2987 6543', address: 'Av. Providencia 1208, Providencia, Santiago', maxUsers: 20, createdAt: daysAgo(90) },
      ])
      .returning({ id: companies.id, name: companies.name });

    const createUser = async (seed: UserSeed) => {
      const id = randomUUID();
      await tx.insert(users).values({
        id,
        name: seed.name,
        email: seed.email,
        emailVerified: true,
        level: seed.level,
        companyId: seed.companyId ?? null,
        userType: seed.userType ?? 'A',
        status: seed.status ?? 'active',
        department: seed.department ?? null,
        // Answered below through the surveys' service (surveyDone), like a person would.
        surveyCompleted: false,
        providerCategory: seed.providerCategory ?? null,
        providerDescription: seed.providerDescription ?? null,
        createdAt: seed.createdAt ?? daysAgo(60),
      });
      await tx.insert(authAccounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
      return id;
    };

    const adminId = await createUser({ name: 'Paula Jobby', email: 'plataforma@jobby.cl', level: 1, createdAt: daysAgo(200) });
    const admin = { id: adminId, name: 'Paula Jobby' };
    const andesHrId = await createUser({ name: 'Carolina Pizarro', email: 'admin@andes.cl', level: 2, companyId: andes.id, createdAt: daysAgo(119) });
    const australHrId = await createUser({ name: 'Rodrigo Álvarez', email: 'admin@austral.cl', level: 2, companyId: austral.id, createdAt: daysAgo(89) });
    const cafeId = await createUser({ name: 'Café Central', email: 'cafe@jobby.sup', level: 4, providerCategory: 'comidas', providerDescription: 'Cafetería y almuerzos ejecutivos', createdAt: daysAgo(100) });
    const cineId = await createUser({ name: 'Cine Estrella', email: 'cine@jobby.sup', level: 4, providerCategory: 'experiencias', providerDescription: 'Cadena de cines', createdAt: daysAgo(100) });
    const providerIds = { cafe: cafeId, cine: cineId } as const;

    const platform = await tx
      .insert(platformBenefits)
      .values(
        PLATFORM_BENEFITS.map((b, i) => ({
          title: b.title,
          description: b.description,
          type: b.type,
          category: b.category,
          image: b.image,
          tokenCost: b.tokenCost,
          stockRemaining: 'unlimited' in b ? null : 100,
          // A coffee or a coupon can be taken again; every other benefit once per employee.
          limitPerUser: 'repeatable' in b ? 0 : 1,
          providerUserId: b.provider ? providerIds[b.provider] : null,
          providerName: b.provider === 'cafe' ? 'Café Central' : b.provider === 'cine' ? 'Cine Estrella' : 'Jobby',
          isHighlighted: i < 2,
          createdBy: adminId,
          createdAt: daysAgo(80 - i),
        })),
      )
      .returning();

    const answered = { A: 0, B: 0 };
    /** Saves the person's survey through its service, then moves its times back to `when`. */
    const answerDemoSurvey = async (person: { id: string; name: string; userType: 'A' | 'B' }, when: Date) => {
      const turn = answered[person.userType]++;
      if (person.userType === 'B') await saveSurveyB(tx, DEMO_ANSWERS_B[turn % DEMO_ANSWERS_B.length], person);
      else await saveSurveyA(tx, DEMO_ANSWERS_A[turn % DEMO_ANSWERS_A.length], person);
      await tx.update(users).set({ surveyCompletedAt: when, surveyUpdatedAt: when }).where(eq(users.id, person.id));
      await tx.update(profileSurveys).set({ completedAt: when }).where(eq(profileSurveys.userId, person.id));
      await tx.update(surveyBResponses).set({ completedAt: when, submittedAt: when }).where(eq(surveyBResponses.userId, person.id));
    };

    const employeesOf = async (company: { id: string; name: string }, list: DemoEmployee[], domain: string, hr: { id: string; name: string }) => {
      const ids: string[] = [];
      for (const [i, e] of list.entries()) {
        const id = await createUser({
          name: e.name,
          email: `${e.local}@${domain}`,
          level: 3,
          companyId: company.id,
          userType: e.userType,
          status: e.disabled ? 'inactive' : 'active',
          department: e.department,
          createdAt: daysAgo(50 - i * 3),
        });
        ids.push(id);
        if (e.jobby > 0) {
          await transfer(tx, { from: accounts.platformIssuance(), to: accounts.jobbyWallet(id), amount: e.jobby, kind: 'grant', reason: DEFAULT_ADD_TOKENS_REASON, actor: admin, wallet: { userId: id, companyId: company.id, tokenType: 'jobby' } });
        }
        if (e.company > 0) {
          await transfer(tx, { from: accounts.companyIssuance(company.id), to: accounts.companyWallet(id, company.id), amount: e.company, kind: 'grant', reason: DEFAULT_HR_ASSIGN_REASON, actor: hr, wallet: { userId: id, companyId: company.id, tokenType: 'company' } });
        }
        if (e.surveyDone) await answerDemoSurvey({ id, name: e.name, userType: e.userType ?? 'A' }, daysAgo(20 - i * 2));
      }
      return ids;
    };
    const andesIds = await employeesOf(andes, ANDES, 'andes.cl', { id: andesHrId, name: 'Carolina Pizarro' });
    const australIds = await employeesOf(austral, AUSTRAL, 'austral.cl', { id: australHrId, name: 'Rodrigo Álvarez' });

    const companyBenefitRows = {
      andes: await tx.insert(companyBenefits).values(COMPANY_BENEFITS.andes.map((b) => ({ ...b, companyId: andes.id, availableTokens: b.available, limitPerUser: b.limit, requiresApproval: b.requiresApproval ?? false, startDate: daysAgo(30).toISOString().slice(0, 10), endDate: daysAgo(-180).toISOString().slice(0, 10) }))).returning(),
      austral: await tx.insert(companyBenefits).values(COMPANY_BENEFITS.austral.map((b) => ({ ...b, companyId: austral.id, availableTokens: b.available, limitPerUser: b.limit, requiresApproval: b.requiresApproval ?? false }))).returning(),
    };

    // History: requests in every status, codes active, used and expired. Each goes through the same
    // services as the API (redeem, approve, reject, verify), so stock, per-user counts, the provider
    // paid and every transfer are what the API would have written; only the dates are moved back.
    const actorOf = async (id: string) => {
      const row = await loadActorRow(tx, id);
      if (!row) throw new Error(`demo user ${id} is missing`);
      return toActor(row);
    };
    type Decision = { by: string; approve: true; instructions?: string } | { by: string; approve: false; reason: string };
    type Step = { userId: string; kind: 'platform' | 'company'; benefitId: string; decision?: Decision; code?: 'used' | 'expired'; usedBy?: string; daysAgo: number };
    const cb = companyBenefitRows;
    const steps: Step[] = [
      { userId: andesIds[0], kind: 'platform', benefitId: platform[0].id, code: 'used', usedBy: cafeId, daysAgo: 12 },
      { userId: andesIds[0], kind: 'platform', benefitId: platform[6].id, daysAgo: 2 },
      { userId: andesIds[0], kind: 'company', benefitId: cb.andes[1].id, daysAgo: 3 },
      { userId: andesIds[0], kind: 'platform', benefitId: platform[1].id, daysAgo: 1 },
      { userId: andesIds[2], kind: 'platform', benefitId: platform[2].id, daysAgo: 1 },
      { userId: andesIds[2], kind: 'company', benefitId: cb.andes[0].id, daysAgo: 0 },
      { userId: andesIds[4], kind: 'platform', benefitId: platform[4].id, code: 'expired', daysAgo: 40 },
      { userId: andesIds[5], kind: 'platform', benefitId: platform[3].id, decision: { by: adminId, approve: false, reason: 'Sin cupos este mes' }, daysAgo: 8 },
      { userId: andesIds[5], kind: 'platform', benefitId: platform[0].id, code: 'used', usedBy: cafeId, daysAgo: 0 },
      { userId: australIds[0], kind: 'platform', benefitId: platform[1].id, decision: { by: cineId, approve: true }, code: 'used', usedBy: cineId, daysAgo: 5 },
      // A company benefit naming no provider is its own HR's to redeem (laneOf).
      { userId: australIds[0], kind: 'company', benefitId: cb.austral[0].id, code: 'used', usedBy: australHrId, daysAgo: 4 },
      { userId: australIds[2], kind: 'platform', benefitId: platform[5].id, daysAgo: 1 },
      { userId: australIds[4], kind: 'company', benefitId: cb.austral[2].id, decision: { by: australHrId, approve: false, reason: 'Sin stock de sillas' }, daysAgo: 6 },
    ];

    for (const step of steps) {
      const when = daysAgo(step.daysAgo);
      const redeemed = await redeemBenefit(tx, { kind: step.kind, benefitId: step.benefitId }, await actorOf(step.userId), undefined);
      if (redeemed.status !== 200) throw new Error(`demo redemption refused: ${JSON.stringify(redeemed.body)}`);
      const { requestId } = redeemed.body as RedemptionResult;
      if (step.decision) {
        const decided = step.decision.approve
          ? await approveRequest(tx, { id: requestId, adminInstructions: step.decision.instructions }, await actorOf(step.decision.by))
          : await rejectRequest(tx, { id: requestId, reason: step.decision.reason }, await actorOf(step.decision.by));
        if (decided.status !== 200) throw new Error(`demo decision refused: ${JSON.stringify(decided.body)}`);
      }
      if (step.code === 'used' && step.usedBy) {
        const [code] = await tx.select({ code: benefitCodes.code }).from(benefitCodes).where(eq(benefitCodes.requestId, requestId));
        const verified = await verifyCode(tx, { code: code.code }, await actorOf(step.usedBy), { attemptsPerMinute: Number.MAX_SAFE_INTEGER });
        if (verified.status !== 200) throw new Error(`demo verification refused: ${JSON.stringify(verified.body)}`);
      }
      await backdate(tx, requestId, when);
    }
    await seedBotDemo(tx, {
      andes: { id: andes.id, hr: await actorOf(andesHrId), employees: Object.fromEntries(ANDES.map((e, i) => [e.local, andesIds[i]])) },
      austral: { id: austral.id, hr: await actorOf(australHrId), employees: Object.fromEntries(AUSTRAL.map((e, i) => [e.local, australIds[i]])) },
      platform: await actorOf(adminId),
    });
    // The verifications above counted against the rate limit: today's demo starts clean.
    await tx.delete(rateLimitCounters);
  });
}
