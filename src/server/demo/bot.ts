/**
 * The bot's demo data, written through the bot's own services: Andes has access and its
 * bot on, employees with WhatsApp numbers and conversations of the last weeks in every band, and one
 * open alert, and check-ins of the last days; Austral has access, its bot off, and a configuration
 * waiting for level 1's answer. Numbers are Chilean mobiles (+56 9 …).
 */
import { and, eq } from 'drizzle-orm';
import { CHECK_IN_DEFAULT_WINDOWS, DEFAULT_BOT_INSTRUCTIONS } from '../../domain/bot';
import { toE164 } from '../../domain/phone';
import type { Actor } from '../actor';
import type { Executor } from '../db/client';
import { botCheckIns, botRequests, users } from '../db/schema';
import { analyseStoredMessage, ingestInbound, sendQueuedReply } from '../modules/bot/index';
import { periodStartSql } from '../modules/bot/index';
import { decideBotRequest, saveBotSettings, setBotAccess } from '../modules/bot/index';
import { setEmployeePhone } from '../modules/bot/index';
import { recordingTransport, templateMessage } from '../modules/bot/index';

/** Each demo employee's WhatsApp number, by the local part of their address. */
const DEMO_PHONES: Record<string, string> = {
  camila: '+56 9 8765 4321',
  diego: '+56 9 7654 3210',
  valentina: '+56 9 6543 2109',
  matias: '+56 9 5432 1098',
  javiera: '+56 9 4321 0987',
  benjamin: '+56 9 9123 4567',
  isidora: '+56 9 8234 5678',
  tomas: '+56 9 7345 6789',
  sofia: '+56 9 6456 7890',
  martin: '+56 9 5567 8901',
  antonia: '+56 9 4678 9012',
  lucas: '+56 9 9789 0123',
  florencia: '+56 9 8890 1234',
  agustin: '+56 9 7901 2345',
  emilia: '+56 9 6012 3456',
  joaquin: '+56 9 5123 4567',
};

/** Who wrote what, how many days ago (fractions are hours): Camila high, Valentina and Javiera mixed, Benjamín calm, Diego never. */
const CONVERSATIONS: Array<{ who: string; daysAgo: number; body: string }> = [
  { who: 'camila', daysAgo: 20, body: 'Hola, todo bien por acá, tranquila con la pega' },
  { who: 'camila', daysAgo: 13, body: 'Un poco cansada, cerramos la campaña y hubo hartas horas extra' },
  { who: 'camila', daysAgo: 5, body: 'Estoy muy estresada, no doy más con la carga de esta semana' },
  { who: 'camila', daysAgo: 4.9, body: 'Llevo días sin dormir bien, me siento agobiada' },
  { who: 'camila', daysAgo: 1, body: 'Sigo colapsada, no puedo más con los plazos' },
  { who: 'valentina', daysAgo: 15, body: 'Bien, gracias. Descansé el fin de semana' },
  { who: 'valentina', daysAgo: 3, body: 'Estoy cansada pero contenta con el proyecto' },
  { who: 'valentina', daysAgo: 2, body: 'Un poco preocupada por la presentación, pero bien' },
  { who: 'javiera', daysAgo: 9, body: 'Ando con harta presión esta semana' },
  { who: 'javiera', daysAgo: 2.5, body: 'Estoy algo tensa con la entrega, pero ya casi terminamos' },
  { who: 'benjamin', daysAgo: 18, body: 'Todo piola, nada que reportar' },
  { who: 'benjamin', daysAgo: 11, body: 'La semana estuvo la raja, súper buena onda en el equipo' },
  { who: 'benjamin', daysAgo: 3, body: 'Me siento feliz y motivado, gracias por preguntar' },
];

type BotDemoCompanies = {
  andes: { id: string; hr: Actor; employees: Record<string, string> };
  austral: { id: string; hr: Actor; employees: Record<string, string> };
  /** Level 1, who answers the companies' bot requests. */
  platform: Actor;
};

/** Check-ins Jobby started in the demo (decision 240): whom, how many days ago (Valentina answered hers). */
const CHECK_INS: Array<{ who: string; daysAgo: number }> = [
  { who: 'valentina', daysAgo: 3.1 },
  { who: 'diego', daysAgo: 2 },
  { who: 'matias', daysAgo: 2 },
];

export async function seedBotDemo(db: Executor, { andes, austral, platform }: BotDemoCompanies): Promise<void> {
  await setBotAccess(db, { companyId: andes.id, enabled: true });
  await setBotAccess(db, { companyId: austral.id, enabled: true });
  const checkIn = { checkInTemplate: 'bienestar_checkin', checkInLanguage: 'es', checkInWindows: CHECK_IN_DEFAULT_WINDOWS };
  await saveBotSettings(
    db,
    andes.id,
    {
      botEnabled: true,
      whatsappNumber: '+56226000000',
      analysisFrequency: 'weekly',
      stressKeywords: ['plazos', 'cierre de mes', 'turno de noche'],
      wellbeingIndicators: ['pausa activa', 'buena onda'],
      instructions: DEFAULT_BOT_INSTRUCTIONS,
      ...checkIn,
    },
    andes.hr,
    false,
  );
  // Andes's configuration is approved and runs; Austral's waits for level 1 on the bot management screen.
  const [andesRequest] = await db.select({ id: botRequests.id }).from(botRequests).where(and(eq(botRequests.companyId, andes.id), eq(botRequests.status, 'pending')));
  await decideBotRequest(db, { id: andesRequest.id, approve: true }, platform);
  await saveBotSettings(
    db,
    austral.id,
    { botEnabled: true, whatsappNumber: '+56227000000', analysisFrequency: 'daily', stressKeywords: ['turno de noche'], wellbeingIndicators: [], instructions: '', ...checkIn },
    austral.hr,
    false,
  );
  for (const company of [andes, austral]) {
    for (const [local, userId] of Object.entries(company.employees)) {
      await setEmployeePhone(db, userId, toE164(DEMO_PHONES[local]), company.hr);
    }
  }
  for (const [i, message] of CONVERSATIONS.entries()) {
    const sentAt = new Date(Date.now() - message.daysAgo * 86_400_000);
    const result = await ingestInbound(db, { from: DEMO_PHONES[message.who], externalId: `demo:${i}`, sentAt, body: message.body });
    if (!result.stored) throw new Error(`demo bot message not stored: ${message.body}`);
    // Answered here, through the recording transport: the demo's numbers are not real phones.
    const reply = await analyseStoredMessage(db, result.messageId, new Date(sentAt.getTime() + 4_000));
    if (reply) await sendQueuedReply(db, reply, recordingTransport);
  }
  for (const { who, daysAgo } of CHECK_INS) {
    const at = new Date(Date.now() - daysAgo * 86_400_000);
    const [person] = await db.select({ name: users.name, phone: users.phone }).from(users).where(eq(users.id, andes.employees[who]));
    const payload = templateMessage(person.phone ?? '', checkIn.checkInTemplate, checkIn.checkInLanguage, [person.name.split(' ')[0]]);
    const result = await recordingTransport.sendTemplate(payload);
    await db.insert(botCheckIns).values({
      userId: andes.employees[who],
      periodStart: periodStartSql('weekly', at),
      companyId: andes.id,
      phoneNumber: person.phone ?? '',
      template: checkIn.checkInTemplate,
      language: checkIn.checkInLanguage,
      payload,
      createdAt: at,
      deliveryStatus: result.status,
      deliveryNote: result.note,
      deliveredAt: at,
    });
  }
}
