/**
 * A count and the words that agree with it, in one place: "1 token asignado",
 * "3 tokens asignados", "a 1 usuario". The number is written as people read it here (1.250).
 * Every text that puts a count before a noun goes through it, never `${n} tokens`.
 */
export function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('es-CL')} ${count === 1 ? one : many}`;
}

/** "1 token" / "5 tokens": the unit most counts name. */
export const tokens = (count: number) => plural(count, 'token', 'tokens');
