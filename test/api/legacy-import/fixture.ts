/**
 * An earlier-app export built from the spec's field lists (spec part 1 §3, spec part 2 §3), with its quirks and
 * broken records, and a test-only Firebase scrypt hasher written from the published formula (NOT
 * checked against a real Firebase export: decision 157).
 */
import { createCipheriv, scryptSync } from 'node:crypto';

/** Test-only hash parameters in the console's names (small mem_cost keeps the test fast). */
export const HASH_CONFIG = {
  algorithm: 'SCRYPT',
  base64_signer_key: Buffer.from('jobby-test-signer-key-0123456789abcdef').toString('base64'),
  base64_salt_separator: Buffer.from([0x01, 0x02]).toString('base64'),
  rounds: 8,
  mem_cost: 10,
} as const;

/** Firebase's modified scrypt, written independently of the module: the hash of `password` with `salt` (base64). */
export function firebaseHash(password: string, saltBase64: string, config = HASH_CONFIG): string {
  const salt = Buffer.concat([Buffer.from(saltBase64, 'base64'), Buffer.from(config.base64_salt_separator, 'base64')]);
  const key = scryptSync(password, salt, 32, { N: 2 ** config.mem_cost, r: config.rounds, p: 1 });
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16, 0));
  return Buffer.concat([cipher.update(Buffer.from(config.base64_signer_key, 'base64')), cipher.final()]).toString('base64');
}

export const OLD_PASSWORD = 'claveAntigua7';
export const PROVIDER_OLD_PASSWORD = 'proveedorViejo9';
const DAY = 86_400_000;
export const T0 = Date.UTC(2025, 2, 3, 12, 0, 0); // 3 March 2025

export function authExport() {
  const salt1 = Buffer.from('sal-de-ana').toString('base64');
  const salt2 = Buffer.from('sal-del-proveedor').toString('base64');
  return {
    users: [
      { localId: 'uid-ana', email: 'ana.rojas@gmail.com', passwordHash: firebaseHash(OLD_PASSWORD, salt1), salt: salt1 },
      { localId: 'uid-prov', email: 'ventas@cafearoma.cl', passwordHash: firebaseHash(PROVIDER_OLD_PASSWORD, salt2), salt: salt2 },
      // A hash that verifies nothing: the person still signs in only with the new password they choose.
      { localId: 'uid-hr', email: 'jefa.personas@hotmail.com' },
    ],
  };
}

export function legacyExportFixture() {
  return {
    companies: {
      // Keyed by its name, as the first admin sign-in created it.
      'Minera Sur': { name: 'Minera Sur', contactName: 'Marta Díaz', contactEmail: 'personas@minerasur.cl', maxUsers: 40, status: 'active', createdAt: '2024-11-02T10:00:00.000Z' },
      '-NcompPesq': { name: 'Pesquera Norte', contactEmail: 'rrhh@gmail.com', maxUsers: '15', status: 'active', createdAt: 1_704_067_200_000 },
    },
    users: {
      'uid-hr': { email: 'jefa.personas@hotmail.com', displayName: 'Marta Díaz', level: 2, companyId: 'Minera Sur', createdAt: '2024-11-02T10:05:00.000Z' },
      'uid-ana': { email: 'Ana.Rojas@gmail.com', displayName: 'Ana Rojas', userLevel: 3, companyId: 'Minera Sur', userType: 'A', surveyCompleted: true, surveyCompletedAt: '2025-01-10T09:00:00.000Z', createdAt: 1_730_000_000_000 },
      'uid-luis': { email: 'luis@pesquera.cl', displayName: 'Luis Soto', level: '3', companyId: '-NcompPesq', userType: 'B', surveyCompleted: true, createdAt: '2024-12-01T08:00:00.000Z' },
      'uid-prov': { email: 'ventas@cafearoma.cl', displayName: 'Café Aroma', level: 4, status: 'active', category: 'comidas', description: 'Cafetería' },
      'uid-nolevel': { email: 'sinnivel@minerasur.cl', displayName: 'Sin Nivel', companyId: 'Minera Sur' },
      'uid-bademail': { email: 'no-es-un-correo', level: 3, companyId: 'Minera Sur' },
    },
    jobby_benefits: {
      'jb-cine': { name: 'Entrada de cine', description: 'Una entrada 2D', type: 'automatic', tokenCost: 3, availableTokens: 0, status: 'active' },
      'jb-gym': { title: 'Gimnasio un mes', description: 'Pase mensual', type: 'third_party', tokenCost: '5', availableTokens: 20, status: 'active' },
    },
    company_benefits: {
      'Minera Sur': {
        'cb-libre': { title: 'Tarde libre', description: 'Sal a las 14:00', tokenCost: 2, availableTokens: 10, limitPerUser: 1, status: 'active' },
      },
    },
    benefit_requests: {
      'req-cine': { userId: 'uid-ana', benefitId: 'jb-cine', benefitName: 'Entrada de cine', benefitType: 'automatic', isBenefitJobby: true, paidWithTokens: true, tokenCost: 3, status: 'approved', requestDate: T0 + DAY, processedDate: T0 + DAY, adminId: 'system' },
      'req-gym': { userId: 'uid-ana', benefitId: 'jb-gym', benefitName: 'Gimnasio un mes', isBenefitJobby: true, tokenCost: 5, status: 'approved', requestDate: new Date(T0 + 2 * DAY).toISOString() },
      'req-libre': { userId: 'uid-ana', benefitId: 'cb-libre', benefitName: 'Tarde libre', isBenefitJobby: false, companyId: 'Minera Sur', tokenCost: 2, status: 'pending', requestDate: T0 + 3 * DAY },
    },
    benefit_tokens: {
      'tok-active': { requestId: 'req-cine', tokenCode: 'CINE2345', status: 'active', createdAt: T0 + DAY, expiresAt: Date.now() + 20 * DAY, createdBy: 'system' },
      'tok-used': { requestId: 'req-gym', tokenCode: 'GYMU6789', status: 'used', createdAt: T0 + 2 * DAY, expiresAt: T0 + 32 * DAY, usedBy: 'uid-prov', usedAt: T0 + 3 * DAY },
      'tok-orphan': { requestId: 'req-no-existe', tokenCode: 'HUER0000', status: 'active', createdAt: T0 },
    },
    user_blank_tokens: {
      'uid-ana': {
        jobby_balance: 7,
        company_balance: 4,
        lastUpdated: T0 + 2 * DAY,
        jobby_history: {
          '-h1': { type: 'add', amount: 15, reason: 'Bono de bienvenida', adminName: 'Marta Díaz', createdAt: T0, tokenType: 'jobby' },
          '-h2': { type: 'used', amount: 3, reason: 'Canje: Entrada de cine', createdAt: T0 + DAY, tokenType: 'jobby' },
          '-h3': { type: 'used', amount: 5, reason: 'Canje: Gimnasio un mes', createdAt: T0 + 2 * DAY, tokenType: 'jobby' },
        },
        company_history: { '-c1': { type: 'add', amount: 4, reason: 'Aniversario', adminName: 'Marta Díaz', createdAt: new Date(T0).toISOString(), tokenType: 'company' } },
      },
      // No jobby_balance: the legacy rule copies `balance` to it and sets company_balance to 0.
      'uid-luis': { balance: 12, company_balance: 9, history: { '-l1': { type: 'add', amount: 12, reason: 'Saldo inicial', createdAt: T0 } } },
      'uid-fantasma': { jobby_balance: 3, company_balance: 0 },
    },
    'encuestas-perfilamiento': {
      'uid-ana': { userName: 'Ana Rojas', completedAt: '2025-01-10T09:00:00.000Z', answers: { q1: 'comidas', q2: 4 }, selectedBenefits: ['comidas', 'mascotas'], medals: ['explorador'] },
    },
    survey_b_responses: {
      'uid-luis': { userType: 'B', surveyVersion: 'experimental_v2', personalityMatrix: 'collaborator', benefitPriorities: ['team', 'growth'], lifestyleAssessment: { work_life_balance: 70 }, futureVision: { '6_months': 'promotion' }, completedAt: '2025-01-12T09:00:00.000Z', userId: 'uid-luis', submittedAt: '2025-01-12T09:00:00.000Z' },
    },
    achievements: {
      'ach-3': { name: 'Tres canjes', description: 'Canjea tres veces', condition: { type: 'tokens_used_count', value: 3 }, rewards: { tokens: 5 }, status: 'active', createdAt: T0 },
      'ach-raro': { name: 'Raro', condition: { type: 'lunar_phase' }, rewards: { tokens: 1 } },
    },
    user_achievements: {
      'uid-ana': { '-g1': { ruleId: 'ach-3', ruleName: 'Tres canjes', userId: 'uid-ana', grantedAt: T0 + 2 * DAY, rewardTokens: 5 } },
    },
  };
}
