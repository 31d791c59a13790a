/**
 * The analysis on a table of our own Spanish messages: calm, mixed, stressed, negated,
 * with Chilean slang and without accents, each with the band a person reading it would give.
 */
import { describe, expect, it } from 'vitest';
import { stressBand, type StressBand } from '#domain/bot';
import { analyseMessage } from './analysis';

const TABLE: Array<[message: string, band: Exclude<StressBand, 'none'>]> = [
  // calm
  ['Hola, todo bien por acá, tranquila con la pega', 'low'],
  ['Estoy muy contento con mi equipo', 'low'],
  ['Me siento feliz y motivada esta semana', 'low'],
  ['Bien, gracias. Descansé el fin de semana', 'low'],
  ['La semana estuvo la raja, súper buena onda', 'low'],
  ['Todo piola, nada que reportar', 'low'],
  ['Hola', 'low'],
  ['Excelente, disfrutando las vacaciones', 'low'],
  ['Estoy relajado y con energia', 'low'],
  ['bacan el nuevo horario, me siento en paz', 'low'],
  // negated stress → calm
  ['No estoy estresado, estoy bien', 'low'],
  ['Nunca me había sentido tan tranquila, sin estrés', 'low'],
  ['No me siento agobiada, la verdad', 'low'],
  ['no estoy cansado, ando bien', 'low'],
  // mixed
  ['Estoy cansada pero contenta con el proyecto', 'medium'],
  ['Un poco preocupado por los plazos, pero bien', 'medium'],
  ['Ando con harta presión esta semana', 'medium'],
  ['La pega está pesada, hartas horas extra', 'medium'],
  ['No estoy bien, pero ya se me va a pasar', 'medium'],
  ['Tuve dolor de cabeza todo el día', 'medium'],
  ['Me tiene molesto el tema de los turnos', 'medium'],
  ['Estoy un poco nerviosa por la evaluación', 'medium'],
  ['Ando cansado, dormí poco', 'medium'],
  ['No me siento tranquila con lo que pasó en la reunión', 'medium'],
  ['Estoy algo tenso con la entrega', 'medium'],
  // stressed
  ['Estoy muy estresada, no doy más con la carga', 'high'],
  ['No puedo más, estoy colapsado', 'high'],
  ['Me siento agobiado y con ansiedad todos los días', 'high'],
  ['Estoy chato, hasta la tusa con esta pega', 'high'],
  ['Llevo una semana sin dormir por el trabajo, estoy agotada', 'high'],
  ['Siento que me estoy quemando, es puro burnout', 'high'],
  ['Estoy demasiado estresado', 'high'],
  ['Mi jefe me humilla delante de todos', 'high'],
  ['Tengo crisis de pánico antes de entrar a la oficina', 'high'],
  ['Estoy deprimida y lloro todas las noches', 'high'],
  ['Me quiero ir, pienso renunciar, estoy sobrepasado', 'high'],
  // without accents, repeated letters, upper case
  ['estoy muy estresadooo no doy mas', 'high'],
  ['ESTOY AGOTADO Y ANGUSTIADO', 'high'],
  ['estres estres estres', 'high'],
  ['me siento fatal, horrible semana', 'high'],
  ['todo bien, tranqui', 'low'],
  ['ando preocupada x la pega', 'medium'],
];

describe('the stress analysis', () => {
  it('has a table of at least 40 messages', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
  });

  it('puts every message of the table in its expected band', async () => {
    const wrong: string[] = [];
    for (const [message, band] of TABLE) {
      const analysis = await analyseMessage(message);
      if (stressBand(analysis.stressScore) !== band) wrong.push(`${message} → ${analysis.stressScore} (${stressBand(analysis.stressScore)}), expected ${band}`);
    }
    expect(wrong).toEqual([]);
  });

  it('marks a high score as requiring attention, names its keywords and calls it negative', async () => {
    const analysis = await analyseMessage('Estoy muy estresada, no doy más');
    expect(analysis.requiresAttention).toBe(true);
    expect(analysis.detectedKeywords).toEqual(expect.arrayContaining(['estres', 'no doy mas']));
    expect(analysis.sentiment).toBe('negative');
  });

  it('calls a calm message positive and does not ask for attention', async () => {
    const analysis = await analyseMessage('Estoy feliz y tranquila');
    expect(analysis).toMatchObject({ requiresAttention: false, sentiment: 'positive', detectedKeywords: [] });
  });

  it("weighs the company's own keywords and indicators", async () => {
    const plain = await analyseMessage('El turno de noche otra vez');
    const withKeywords = await analyseMessage('El turno de noche otra vez', { stressKeywords: ['Turno de noche'] });
    expect(withKeywords.stressScore).toBeGreaterThan(plain.stressScore);
    expect(withKeywords.detectedKeywords).toContain('turno de noche');
    const calmer = await analyseMessage('Hoy hubo pausa activa', { wellbeingIndicators: ['pausa activa'] });
    expect(calmer.stressScore).toBeLessThan(3);
  });
});
