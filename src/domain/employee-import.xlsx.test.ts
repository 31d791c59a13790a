/**
 * A real .xlsx through the import's reading: written by write-excel-file, read back by
 * read-excel-file's Node entry — the same parser core as the `read-excel-file/browser` the modal loads —
 * and turned into rows by sheetToImportRows, as the modal does.
 */
import { describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { readSheet } from 'read-excel-file/node';
import { IMPORT_HEADERS, sheetToImportRows } from './employee-import';

describe('reading an employees .xlsx', () => {
  it('reads the template columns, an accented name, a number-typed phone and an empty type', async () => {
    const buffer = await writeExcelFile([
      [IMPORT_HEADERS.name, IMPORT_HEADERS.email, IMPORT_HEADERS.phone, IMPORT_HEADERS.userType],
      ['José Muñoz Peña', 'jose.munoz@andes.cl', { value: 56912345678, type: Number }, 'B'],
      ['Ana', 'ana@andes.cl', '+56 9 8765 4321', null],
      [null, null, null, null],
      ['Ñandú Íñiguez', 'nandu@andes.cl', null, 'A'],
    ]).toBuffer();

    const cells = await readSheet(buffer);
    // The phone cell really is a number in the file, not text.
    expect(cells[1][2]).toBe(56912345678);
    expect(sheetToImportRows(cells)).toEqual({
      rows: [
        { line: 2, name: 'José Muñoz Peña', email: 'jose.munoz@andes.cl', phone: '56912345678', userType: 'B' },
        { line: 3, name: 'Ana', email: 'ana@andes.cl', phone: '+56 9 8765 4321', userType: '' },
        // The empty row is skipped but keeps its line, as the spreadsheet numbers them.
        { line: 5, name: 'Ñandú Íñiguez', email: 'nandu@andes.cl', phone: '', userType: 'A' },
      ],
    });
  });
});
