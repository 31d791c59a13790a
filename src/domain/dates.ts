/** Dates as the spec shows them: Spanish locale, Santiago (Chile) time (spec part 1 §9, spec part 2 §9). */
export const APP_TIME_ZONE = 'America/Santiago';

/**
 * A formatter of Santiago's time, built the first time it is used: building one loads the locale's
 * and the time zone's data, about 25 ms of a phone's main thread, which every page's start paid for
 * at import, before its first render, also the pages that show no date (decision 334).
 */
function santiagoFormat(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | null = null;
  return () => (format ??= new Intl.DateTimeFormat(locale, { timeZone: APP_TIME_ZONE, ...options }));
}

const dateTime = santiagoFormat('es-CL', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });

const dateOnly = santiagoFormat('es-CL', { day: '2-digit', month: '2-digit', year: 'numeric' });

function parts(format: () => Intl.DateTimeFormat, value: Date) {
  return Object.fromEntries(format().formatToParts(value).map((p) => [p.type, p.value]));
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

const MONTH_NAMES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

const yearMonth = santiagoFormat('en-CA', { year: 'numeric', month: '2-digit' });

/** 'YYYY-MM' of an instant in Santiago (the monthly allowance's month). */
export function santiagoMonth(value: Date): string {
  const p = parts(yearMonth, value);
  return `${p.year}-${p.month}`;
}

/** 'noviembre 2026' of a 'YYYY-MM'. */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number);
  return `${MONTH_NAMES[index - 1]} ${year}`;
}

/** How long ago, in words ('hace un momento', 'hace 5 minutos', 'hace 2 horas', 'hace 3 días'): the offline screens' last sync. */
export function timeAgo(then: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - then) / 60_000);
  if (minutes < 1) return 'hace un momento';
  if (minutes < 60) return `hace ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `hace ${hours} ${hours === 1 ? 'hora' : 'horas'}`;
  const days = Math.floor(hours / 24);
  return `hace ${days} ${days === 1 ? 'día' : 'días'}`;
}

/**
 * A calendar date typed as people here write it, dd/mm/yyyy (also d/m/yyyy, with '-' or '.'), as
 * 'YYYY-MM-DD' — the shape date fields send to the server; null when it is not a real date
 * (31/02/2026) or not finished being typed. Every date field shows and accepts it.
 */
export function parseDayMonthYear(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
