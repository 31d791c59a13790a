/**
 * What the date-range field and its lazily loaded calendar share (decision 300): kept apart from both so
 * that the field can import the calendar on demand without the calendar importing the field back.
 */

/** A range of calendar days as the API reads them: 'YYYY-MM-DD' or null at either end. */
export type DayRange = [string | null, string | null];
export type DateRangeFieldProps = { value: DayRange; onChange: (value: DayRange) => void; label: string };

export const DATE_RANGE_PLACEHOLDER = 'dd/mm/aaaa – dd/mm/aaaa';
export const DATE_RANGE_WIDTH = { base: '100%', xs: 260 };
