import { z } from './zod';
import { toE164 } from '../phone';
import { errorMessage } from '../errors';

const phoneInvalid = errorMessage('PHONE_INVALID');

/**
 * A phone number in any usual writing (src/domain/phone.ts), answered as E.164; '' or null clears it.
 * Its own module so the sign-in screen's schemas do not carry the phone metadata.
 */
export const phoneSchema = z
  .string({ error: phoneInvalid })
  .max(40, phoneInvalid)
  .transform((value, ctx) => {
    if (value.trim() === '') return null;
    const e164 = toE164(value);
    if (!e164) ctx.addIssue({ code: 'custom', message: phoneInvalid });
    return e164 ?? z.NEVER;
  })
  .nullable()
  .transform((value) => value ?? null);
