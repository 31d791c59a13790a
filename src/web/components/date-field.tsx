import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { DateInput, DatesProvider, type DateInputProps } from '@mantine/dates';
import { DATE_MAX, DATE_MIN } from '../../domain/constants';
import { parseDayMonthYear } from '../../domain/dates';

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale'> & {
  /** 'YYYY-MM-DD' or null: the shape the server reads and writes. */
  value?: string | null;
  onChange?: (value: string | null) => void;
};

/**
 * Every date field of the app: shown and typed as dd/mm/yyyy whatever the browser's
 * language (the native date input showed mm/dd/yyyy), a calendar in Spanish starting on Monday,
 * and the value kept as 'YYYY-MM-DD', so what reaches the server does not change.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <DateInput
        valueFormat="DD/MM/YYYY"
        dateParser={parseDayMonthYear}
        placeholder="dd/mm/aaaa"
        clearable
        minDate={DATE_MIN}
        maxDate={DATE_MAX}
        nextLabel="Mes siguiente"
        previousLabel="Mes anterior"
        clearButtonProps={{ 'aria-label': 'Borrar fecha' }}
        value={value ?? null}
        onChange={onChange}
        {...props}
      />
    </DatesProvider>
  );
}
