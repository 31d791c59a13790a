/** The import's report as operators read it (Spanish): what was skipped and why, counts per entity, the ledger check. */
import { ENTITIES, ENTITY_LABELS, type ImportReport } from './service';

export function formatReport(report: ImportReport): string {
  const lines: string[] = [];
  lines.push(report.dryRun ? 'Simulación (--dry-run): no se guardó nada. Esto es lo que haría la importación:' : 'Importación desde la app anterior terminada.');
  if (report.skipped.length > 0) {
    lines.push('', `Registros omitidos (${report.skipped.length}):`);
    for (const s of report.skipped) lines.push(`  - [${ENTITY_LABELS[s.entity]}] ${s.reason}`);
  }
  if (report.warnings.length > 0) {
    lines.push('', `Avisos (${report.warnings.length}):`);
    for (const w of report.warnings) lines.push(`  - ${w}`);
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
