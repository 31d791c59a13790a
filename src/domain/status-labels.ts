import type { RecordStatus } from './constants';

/** 'Activo'/'Inactivo' of a person, benefit or provider; 'Activa'/'Inactiva' of a company. */
export const RECORD_STATUS_LABELS = {
  masculine: { active: 'Activo', inactive: 'Inactivo' },
  feminine: { active: 'Activa', inactive: 'Inactiva' },
} as const satisfies Record<string, Record<RecordStatus, string>>;

/** A token movement's type as the history screens and the CSV export name it (part 2 §9). */
export const HISTORY_TYPE_LABELS = { add: 'Añadido', remove: 'Quitado', used: 'Usado' } as const;
export type HistoryType = keyof typeof HISTORY_TYPE_LABELS;
