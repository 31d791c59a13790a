import type { RecordStatus } from './constants';

/** 'Activo'/'Inactivo' of a person, benefit or provider; 'Activa'/'Inactiva' of a company. */
export const RECORD_STATUS_LABELS = {
  masculine: { active: 'Activo', inactive: 'Inactivo' },
  feminine: { active: 'Activa', inactive: 'Inactiva' },
} as const satisfies Record<string, Record<RecordStatus, string>>;

/** A token movement's type as the history screens and the CSV export name it (spec part 2 §9). */
export const HISTORY_TYPE_LABELS = { add: 'Añadido', remove: 'Quitado', used: 'Usado' } as const;
export type HistoryType = keyof typeof HISTORY_TYPE_LABELS;

/** What a grant's reversal is called wherever a movement is named (decision 359): the screens' badge and the CSV's 'Tipo'. */
export const REVERSAL_LABEL = 'Reversión';

/** A grant's reversal: a 'revoke' transfer that names the grant it takes back (decision 359). */
export const isGrantReversal = (movement: { kind: string; reversesTransferId: number | null }) =>
  movement.kind === 'revoke' && movement.reversesTransferId !== null;
