/** The import's report as operators read it (Spanish): what was skipped and why, counts per entity, the levels given, the ledger check. */
import { DrizzleQueryError } from 'drizzle-orm';
import { ENTITIES, ENTITY_LABELS, type ImportReport } from './service';

/**
 * A line as a terminal may print it: the export's keys and texts reach the report, and a control or
 * bidi character there (an escape sequence, U+202E) would rewrite what the operator reads.
 */
function printable(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}]/gu, (c) => `\\u{${c.codePointAt(0)?.toString(16)}}`);
}

export function formatReport(report: ImportReport): string {
  const lines: string[] = [];
  lines.push(report.dryRun ? 'Simulación (--dry-run): no se guardó nada. Esto es lo que haría la importación:' : 'Importación desde la app anterior terminada.');
  if (report.skipped.length > 0) {
    lines.push('', `Registros omitidos (${report.skipped.length}):`);
    for (const s of report.skipped) lines.push(`  - [${ENTITY_LABELS[s.entity]}] ${printable(s.reason)}`);
  }
  if (report.warnings.length > 0) {
    lines.push('', `Avisos (${report.warnings.length}):`);
    for (const w of report.warnings) lines.push(`  - ${printable(w)}`);
  }
  lines.push('', `Niveles ${report.dryRun ? 'que se darían' : 'dados'} a los usuarios nuevos (nunca 1 ni 4):`);
  lines.push(`  Nivel 2 (RR.HH. de su empresa): ${report.levels[2]}`);
  lines.push(`  Nivel 3 (colaboradores):        ${report.levels[3]}`);
  if (report.lowered.length > 0) {
    lines.push(
      '',
      `Registros con nivel 1 (administración de Jobby) o 4 (proveedor) en el archivo (${report.lowered.length}): esos niveles no se toman de un archivo; un nivel 1 decide si corresponde darlos en Jobby:`,
    );
    for (const l of report.lowered) {
      const outcome = l.company ? `importado como nivel 3 de «${l.company}»` : 'omitido (sin empresa)';
      lines.push(`  - ${printable(l.email)}: nivel ${l.fileLevel} en el archivo → ${printable(outcome)}`);
    }
  }
  lines.push('', 'Totales (nuevos / ya importados antes / omitidos):');
  for (const entity of ENTITIES) {
    const c = report.counts[entity];
    lines.push(`  ${ENTITY_LABELS[entity].padEnd(24)} ${String(c.created).padStart(7)} / ${String(c.existing).padStart(7)} / ${String(c.skipped).padStart(5)}`);
  }
  lines.push(`  Movimientos del libro de tokens: ${report.transfers}`);
  lines.push(
    `  Contraseñas de la app anterior: ${report.passwords.imported}; correos para elegir contraseña: ${report.passwords.mailed}${report.dryRun ? ' (no enviados en la simulación)' : ''}`,
  );
  lines.push(
    '',
    report.ledger.ok
      ? 'Libro de tokens: correcto (cada saldo es la suma de su historial y cada activo suma cero).'
      : `Libro de tokens: ERROR — ${report.ledger.mismatchedAccounts} cuentas no cuadran con su historial; activos que no suman cero: ${report.ledger.unbalancedAssets.join(', ') || 'ninguno'}.`,
  );
  return lines.join('\n');
}

/**
 * Why a run failed, for the operator, without the values of any row: a database error reaches us
 * wrapped by drizzle as "Failed query: <statement> params: <every row's values>" — only PostgreSQL's
 * own reason (the `cause`) is shown, with its code.
 */
export function failureReason(error: unknown): string {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause;
    const code = (cause as { code?: unknown } | undefined)?.code;
    return printable(`la base de datos rechazó una escritura${cause ? `: ${cause.message}` : ''}${typeof code === 'string' ? ` (código ${code})` : ''}`);
  }
  return printable(error instanceof Error ? error.message : String(error));
}
