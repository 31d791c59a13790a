/** Dates as the spec shows them: Spanish locale, Santiago (Chile) time (part 1 §9, part 2 §9). */
export const APP_TIME_ZONE = 'America/Santiago';

const dateTime = new Intl.DateTimeFormat('es-CL', {
  timeZone: APP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

const dateOnly = new Intl.DateTimeFormat('es-CL', { timeZone: APP_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });

function parts(format: Intl.DateTimeFormat, value: Date) {
  return Object.fromEntries(format.formatToParts(value).map((p) => [p.type, p.value]));
}

/** dd/mm/yyyy hh:mm (the provider history and every table with a time). */
export function formatDateTime(value: string | Date): string {
  const p = parts(dateTime, new Date(value));
  return `${p.day}/${p.month}/${p.year} ${p.hour === '24' ? '00' : p.hour}:${p.minute}`;
}

/** dd/mm/yyyy. */
export function formatDate(value: string | Date): string {
  const p = parts(dateOnly, new Date(value));
  return `${p.day}/${p.month}/${p.year}`;
}
