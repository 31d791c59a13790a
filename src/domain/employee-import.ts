/**
 * Importing employees from a spreadsheet: reading the file's cells into rows. The browser
 * reads the file (CSV here, .xlsx through read-excel-file) and sends the rows; the server decides what
 * each row becomes (modules/users/employee-import.ts). Pure: no I/O.
 */

/** Rows per confirming request: each is one transaction on the server. */
export const IMPORT_CHUNK_SIZE = 500;
/** The most rows one file may bring. */
export const IMPORT_MAX_ROWS = 10_000;
/** Previews one HR person may ask for in an hour (decision 349): enough to fix a file many times, too few to sweep numbers. */
export const IMPORT_PREVIEWS_PER_HOUR = 30;
/** Days an invitation's link is valid (decision 212). */
export const INVITATION_DAYS = 7;

/** The columns read, by the headers of HR's users export (modules/exports): an export comes back in as it is. */
export const IMPORT_HEADERS = { name: 'Nombre', email: 'Correo', phone: 'Teléfono', userType: 'Tipo' } as const;

/** The downloadable template: the export's headers (';', as the export writes) and one example row. */
export const IMPORT_TEMPLATE_CSV = `\uFEFFNombre;Correo;Teléfono;Tipo\r\nAna Pérez;ana.perez@tuempresa.cl;+56 9 1234 5678;A\r\n`;

/** One row as the file has it, with its line in the file (the header is line 1). */
export type ImportRow = { line: number; name: string; email: string; phone: string; userType: string };

type Field = keyof typeof IMPORT_HEADERS;

/** Spanish and English spellings of each header, compared without accents or case. */
const HEADER_NAMES: Record<Field, string[]> = {
  name: ['nombre', 'name', 'nombre completo'],
  email: ['correo', 'email', 'e-mail', 'correo electronico', 'mail'],
  phone: ['telefono', 'phone', 'celular', 'movil'],
  userType: ['tipo', 'type', 'tipo de usuario'],
};

function normalise(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  // The export writes a text a spreadsheet would run as a formula ('+56 9…', '=…') after an apostrophe.
  return String(cell as string | number | boolean)
    .trim()
    .replace(/^'(?=[=+\-@])/, '');
}

export const MISSING_COLUMNS = 'El archivo debe tener una fila de encabezados con las columnas Nombre y Correo (y, si quieres, Teléfono y Tipo).';
export const NO_ROWS = 'El archivo no tiene filas de colaboradores bajo los encabezados.';
export const TOO_MANY_ROWS = `El archivo tiene más de ${IMPORT_MAX_ROWS.toLocaleString('es-CL')} filas. Divídelo en varios archivos.`;

/**
 * The rows of a sheet whose first row holds the headers (any order; other columns, such as the
 * export's 'Fecha de registro' or 'Estado', are ignored). Entirely empty rows are skipped but keep
 * the line count, so a line number is the one the spreadsheet shows.
 */
export function sheetToImportRows(cells: unknown[][]): { rows: ImportRow[] } | { error: string } {
  const header = (cells[0] ?? []).map((c) => normalise(cellText(c)));
  const column = (field: Field) => header.findIndex((h) => HEADER_NAMES[field].includes(h));
  const at = { name: column('name'), email: column('email'), phone: column('phone'), userType: column('userType') };
  if (at.name < 0 || at.email < 0) return { error: MISSING_COLUMNS };
  const rows: ImportRow[] = [];
  for (let i = 1; i < cells.length; i++) {
    const row = cells[i] ?? [];
    const get = (index: number) => (index < 0 ? '' : cellText(row[index]));
    const values = { name: get(at.name), email: get(at.email), phone: get(at.phone), userType: get(at.userType) };
    if (!values.name && !values.email && !values.phone && !values.userType) continue;
    rows.push({ line: i + 1, ...values });
  }
  if (rows.length === 0) return { error: NO_ROWS };
  if (rows.length > IMPORT_MAX_ROWS) return { error: TOO_MANY_ROWS };
  return { rows };
}

/**
 * A CSV file's cells (RFC 4180: quoted fields, "" inside quotes, CRLF or LF). The separator is the
 * first line's most frequent of ';', ',' and tab: the export writes ';' (Excel in Chile), others ','.
 */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const separator = [';', ',', '\t'].map((s) => ({ s, n: firstLine.split(s).length })).sort((a, b) => b.n - a.n)[0].s;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
