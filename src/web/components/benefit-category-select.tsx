import { Select, type SelectProps } from '@mantine/core';
import { BENEFIT_CATEGORIES, benefitCategoryName } from '../../domain/constants';

const OPTIONS = BENEFIT_CATEGORIES.map((c) => ({ value: c.id, label: c.name }));

/**
 * A benefit's category, chosen from the one list the employee's filters and pills read
 * (BENEFIT_CATEGORIES, decision 261: free text missed the filters). Level 1's and HR's forms both
 * use it. A category written as free text by an older record or the import stays offered as it is,
 * so editing something else never erases it.
 */
export function BenefitCategorySelect({ value, ...props }: Omit<SelectProps, 'data'>) {
  const legacy = value && !OPTIONS.some((o) => o.value === value) ? [{ value, label: `${benefitCategoryName(value)} (texto anterior)` }] : [];
  return <Select label="Categoría" placeholder="Sin categoría" clearable data={[...OPTIONS, ...legacy]} value={value || null} {...props} />;
}
