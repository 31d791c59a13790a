import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';

const SPANISH_LABELS = {
  monthLevelControl: 'Elegir mes',
  yearLevelControl: 'Elegir año',
  nextMonth: 'Mes siguiente',
  previousMonth: 'Mes anterior',
  nextYear: 'Año siguiente',
  previousYear: 'Año anterior',
  nextDecade: 'Década siguiente',
  previousDecade: 'Década anterior',
};

/** A range of calendar days as the API reads them: 'YYYY-MM-DD' or null at either end. */
export type DayRange = [string | null, string | null];

/**
 * 'Desde – hasta' in dd/mm/yyyy, in Spanish (issue 23 §6, §10). Small on purpose: the one shared date
 * field of issue 23 §10 replaces it at merge.
 */
export function DateRangeField({ value, onChange, label }: { value: DayRange; onChange: (value: DayRange) => void; label: string }) {
  return (
    <DatePickerInput
      type="range"
      locale="es"
      valueFormat="DD/MM/YYYY"
      label={label}
      placeholder="dd/mm/aaaa – dd/mm/aaaa"
      value={value}
      onChange={(range) => onChange([range[0] ? String(range[0]).slice(0, 10) : null, range[1] ? String(range[1]).slice(0, 10) : null])}
      allowSingleDateInRange
      clearable
      clearButtonProps={{ 'aria-label': 'Quitar fechas' }}
      leftSection={<IconCalendar size={16} aria-hidden />}
      w={{ base: '100%', xs: 260 }}
      popoverProps={{ withinPortal: true }}
      ariaLabels={SPANISH_LABELS}
    />
  );
}
