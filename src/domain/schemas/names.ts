/**
 * The one rule for a typed name: a person's, a company's, a provider's or a
 * benefit's. Names appear in HR and level 1 lists, CSVs and mails, where an invisible name reads as
 * blank and a bidi override (U+202E) shows another text than the one stored; so a name is trimmed and
 * stored in NFC, and control (Cc) and format (Cf: zero-width, bidi embeddings, overrides and
 * isolates) characters, or a name without any letter, are refused.
 */
import { z } from './zod';
import { errorMessage } from '../errors';

export const NAME_INVISIBLE_CHARACTERS = errorMessage('NAME_INVISIBLE_CHARACTERS');
export const NAME_WITHOUT_LETTERS = errorMessage('NAME_WITHOUT_LETTERS');

const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
const LETTER = /\p{L}/u;

/** Why a name (already trimmed and NFC) is refused, or null. `required` when it is empty. */
export function nameProblem(value: string): 'required' | 'invisible' | 'noLetter' | null {
  if (value === '') return 'required';
  if (INVISIBLE.test(value)) return 'invisible';
  if (!LETTER.test(value)) return 'noLetter';
  return null;
}

type NameFieldOptions = {
  /** The message of an empty name (the spec's required-field text where it has one). */
  required: string;
  max: number;
  maxMessage?: string;
  /** A minimum length beyond 1, with its message (a provider's name, spec part 1 §5). */
  min?: { length: number; message: string };
};

/** A name field: trimmed, NFC, then checked by `nameProblem`; the answer is the stored form. */
export function nameField({ required, max, maxMessage, min }: NameFieldOptions) {
  return z
    .string({ error: required })
    .transform((value) => value.normalize('NFC').trim())
    .superRefine((value, ctx) => {
      const problem = nameProblem(value);
      if (problem === 'required') ctx.addIssue({ code: 'custom', message: min?.message ?? required });
      else if (problem === 'invisible') ctx.addIssue({ code: 'custom', message: NAME_INVISIBLE_CHARACTERS });
      else if (problem === 'noLetter') ctx.addIssue({ code: 'custom', message: NAME_WITHOUT_LETTERS });
      else if (min && value.length < min.length) ctx.addIssue({ code: 'custom', message: min.message });
      else if (value.length > max) ctx.addIssue({ code: 'custom', message: maxMessage ?? `Puede tener hasta ${max} caracteres` });
    });
}

/** An optional name (a benefit's provider name): blank stays blank (''), anything else follows `nameField`. */
export function optionalNameField(max: number) {
  return z
    .string()
    .transform((value) => value.normalize('NFC').trim())
    .superRefine((value, ctx) => {
      const problem = value === '' ? null : nameProblem(value);
      if (problem === 'invisible') ctx.addIssue({ code: 'custom', message: NAME_INVISIBLE_CHARACTERS });
      else if (problem === 'noLetter') ctx.addIssue({ code: 'custom', message: NAME_WITHOUT_LETTERS });
      else if (value.length > max) ctx.addIssue({ code: 'custom', message: `Puede tener hasta ${max} caracteres` });
    })
    .nullish();
}
