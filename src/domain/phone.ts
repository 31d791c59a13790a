/**
 * The one phone rule: every number a person or HR types, and every sender the WhatsApp
 * webhook reports, is read by libphonenumber-js with Chile as the country of a number written without
 * one, and kept in E.164. Stored numbers and webhook senders are then compared as equal strings, so
 * "+56 9 1234 5678", "912345678" and "56912345678" are one number and the unique index on
 * users.phone sees them as one.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

const PHONE_DEFAULT_COUNTRY = 'CL';

/** A typed number as E.164 (`+56912345678`), or null when it is not a valid number. */
export function toE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), PHONE_DEFAULT_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * The sender of a webhook delivery as E.164. WhatsApp sends the international digits without the plus
 * sign (`56912345678`), so the number is read as international, never with the default country.
 */
export function senderE164(from: string): string | null {
  const digits = from.replace(/\D/g, '');
  return digits === '' ? null : toE164(`+${digits}`);
}
