import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { useEffect, useRef } from 'react';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { DATE_RANGE_PLACEHOLDER, DATE_RANGE_WIDTH, type DateRangeFieldProps } from './date-range';

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

/**
 * The calendar behind `DateRangeField` (its own chunk with @mantine/dates, its CSS and dayjs, decision 300):
 * loaded when the person first opens the date filter, and opened at once when that is why it loaded.
 */
export default function DateRangePicker({ value, onChange, label, openOnMount = false }: DateRangeFieldProps & { openOnMount?: boolean }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (openOnMount) buttonRef.current?.click();
  }, [openOnMount]);
  return (
    <DatePickerInput
      ref={buttonRef}
      type="range"
      locale="es"
      valueFormat="DD/MM/YYYY"
      label={label}
      placeholder={DATE_RANGE_PLACEHOLDER}
      value={value}
      onChange={(range) => onChange([range[0] ? String(range[0]).slice(0, 10) : null, range[1] ? String(range[1]).slice(0, 10) : null])}
      allowSingleDateInRange
      clearable
      clearButtonProps={{ 'aria-label': 'Quitar fechas' }}
      leftSection={<IconCalendar size={16} aria-hidden />}
      w={DATE_RANGE_WIDTH}
      popoverProps={{ withinPortal: true }}
      ariaLabels={SPANISH_LABELS}
    />
  );
}
