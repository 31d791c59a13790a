export interface Decision {
  number: number;
  title: string;
  status: string;
  area: string;
  date: string;
  /** Relative to docs/decisions, with `/`. */
  file: string;
  superseded: boolean;
}
export const AREAS: string[];
export const decisionsDir: string;
export function readDecisions(dir?: string): { decisions: Decision[]; problems: string[] };
export function renderIndex(decisions: Decision[]): string;
