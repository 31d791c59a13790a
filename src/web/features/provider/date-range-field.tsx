import { lazy, Suspense, useId, useState } from 'react';
import { Input } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { DATE_RANGE_PLACEHOLDER, DATE_RANGE_WIDTH, type DateRangeFieldProps } from './date-range';

export type { DayRange } from './date-range';

// @mantine/dates, its CSS and dayjs are not part of the portal's first screen (decision 300).
const loadPicker = () => import('./date-range-picker');
const DateRangePicker = lazy(loadPicker);

/**
 * 'Desde – hasta' in dd/mm/yyyy, in Spanish. Until the person first opens it, a
 * look-alike of the closed field stands in (same label, placeholder, icon and size); opening it loads
 * the calendar and opens it. Small on purpose: the one shared date field (decision 265) replaces it at merge.
 */
export function DateRangeField(props: DateRangeFieldProps) {
  const [opening, setOpening] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const hasValue = props.value[0] !== null || props.value[1] !== null;
  const open = () => {
    setOpening(true);
    void loadPicker().then(() => setLoaded(true), () => setOpening(false));
  };
  if (!loaded && !hasValue) return <ClosedDateRange label={props.label} onOpen={open} busy={opening} />;
  return (
    <Suspense fallback={<ClosedDateRange label={props.label} busy />}>
      <DateRangePicker {...props} openOnMount={opening} />
    </Suspense>
  );
}

/** The closed DatePickerInput as Mantine draws it (a button inside the input's frame), without the library. */
function ClosedDateRange({ label, onOpen, busy = false }: { label: string; onOpen?: () => void; busy?: boolean }) {
  const id = useId();
  return (
    <Input.Wrapper id={id} label={label} w={DATE_RANGE_WIDTH}>
      <Input
        id={id}
        component="button"
        type="button"
        multiline
        aria-busy={busy || undefined}
        onClick={onOpen}
        leftSection={<IconCalendar size={16} aria-hidden />}
        style={{ cursor: 'pointer', lineHeight: 'unset' }}
      >
        <Input.Placeholder>{DATE_RANGE_PLACEHOLDER}</Input.Placeholder>
      </Input>
    </Input.Wrapper>
  );
}
