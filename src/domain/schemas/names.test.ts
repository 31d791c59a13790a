import { describe, expect, it } from 'vitest';
import { NAME_INVISIBLE_CHARACTERS, NAME_WITHOUT_LETTERS, nameField, nameProblem, optionalNameField } from './names';

const field = nameField({ required: 'El nombre es obligatorio', max: 20 });
const message = (value: unknown) => field.safeParse(value).error?.issues[0]?.message;

describe('nameProblem', () => {
  it('accepts names in any script, with accents, apostrophes, hyphens and digits beside letters', () => {
    for (const name of ['José', "O'Higgins", 'Ana-María', 'Zoë 2', '李小龙', 'Ñuñoa Ltda.']) expect(nameProblem(name), name).toBeNull();
  });

  it('refuses zero-width, bidi and control characters', () => {
    for (const char of ['\u200B', '\u200D', '\u202A', '\u202E', '\u2066', '\u2069', '\u0000', '\u0007', '\u00AD', '\uFEFF']) {
      expect(nameProblem(`Ana${char}Pérez`), `U+${char.codePointAt(0)!.toString(16)}`).toBe('invisible');
    }
  });

  it('refuses a name without a letter, and calls an empty one required', () => {
    expect(nameProblem('1234')).toBe('noLetter');
    expect(nameProblem('-- .')).toBe('noLetter');
    expect(nameProblem('')).toBe('required');
  });
});

describe('nameField', () => {
  it('trims and stores NFC', () => {
    const nfd = 'Jose\u0301 Pe\u0301rez';
    expect(field.parse(`  ${nfd} `)).toBe('José Pérez');
    expect(field.parse(nfd).length).toBe('José Pérez'.length);
  });

  it("answers the field's required message when only spaces are left", () => {
    expect(message('   ')).toBe('El nombre es obligatorio');
    expect(message(undefined)).toBe('El nombre es obligatorio');
  });

  it('refuses an invisible-only name, a bidi override and a name without letters with clear messages', () => {
    expect(message('\u200B')).toBe(NAME_INVISIBLE_CHARACTERS);
    expect(message('\u202Eodnum')).toBe(NAME_INVISIBLE_CHARACTERS);
    expect(message('12345')).toBe(NAME_WITHOUT_LETTERS);
  });

  it('applies a minimum length and the maximum after normalising', () => {
    const provider = nameField({ required: 'corto', max: 200, min: { length: 3, message: 'corto' } });
    expect(provider.safeParse('Ab').error?.issues[0]?.message).toBe('corto');
    expect(provider.safeParse('').error?.issues[0]?.message).toBe('corto');
    expect(message('a'.repeat(21))).toBe('Puede tener hasta 20 caracteres');
  });

  it('lets an optional name stay blank, and checks it when given', () => {
    const optional = optionalNameField(50);
    expect(optional.parse(null)).toBeNull();
    expect(optional.parse('  ')).toBe('');
    expect(optional.safeParse('\u200B').success).toBe(false);
  });
});
