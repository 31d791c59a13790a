import { describe, expect, it } from 'vitest';
import { IMPORT_TEMPLATE_CSV, MISSING_COLUMNS, NO_ROWS, parseCsv, sheetToImportRows } from './employee-import';

describe('reading an employees file', () => {
  it('reads the users export as it is: ";", BOM, CRLF, quotes, extra columns ignored, a formula guard undone', () => {
    const exported = '\uFEFFNombre;Correo;Teléfono;Fecha de registro;Estado;Tipo;Encuesta\r\n"Pérez; Ana";ana@andes.cl;\'+56 9 1234 5678;01/02/2026 10:00;Activo;B;Pendiente\r\n\r\n"Dice ""hola""";beto@andes.cl;;01/02/2026 10:00;Activo;A;Completada\r\n';
    expect(sheetToImportRows(parseCsv(exported))).toEqual({
      rows: [
        { line: 2, name: 'Pérez; Ana', email: 'ana@andes.cl', phone: '+56 9 1234 5678', userType: 'B' },
        { line: 4, name: 'Dice "hola"', email: 'beto@andes.cl', phone: '', userType: 'A' },
      ],
    });
  });

  it('reads a comma-separated file with English headers in any order, and the template', () => {
    expect(sheetToImportRows(parseCsv('email,name\nana@andes.cl,Ana\n'))).toEqual({ rows: [{ line: 2, name: 'Ana', email: 'ana@andes.cl', phone: '', userType: '' }] });
    expect(sheetToImportRows(parseCsv(IMPORT_TEMPLATE_CSV))).toMatchObject({ rows: [{ line: 2, name: 'Ana Pérez', userType: 'A' }] });
  });

  it('reads spreadsheet cells (numbers, empty cells) and says what is missing', () => {
    expect(sheetToImportRows([['Nombre', 'Correo', 'Teléfono'], ['Ana', 'ana@andes.cl', 56912345678], [null, null, null]])).toEqual({
      rows: [{ line: 2, name: 'Ana', email: 'ana@andes.cl', phone: '56912345678', userType: '' }],
    });
    expect(sheetToImportRows([['Nombre', 'Apellido']])).toEqual({ error: MISSING_COLUMNS });
    expect(sheetToImportRows([['Nombre', 'Correo']])).toEqual({ error: NO_ROWS });
  });
});
