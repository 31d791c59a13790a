import { Group, Select, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { CatalogueSort } from '#domain/schemas/economy';
import type { CatalogueFinders as Finders } from '../../api/employee';

const SORT_OPTIONS: Array<{ value: CatalogueSort; label: string }> = [
  { value: 'featured', label: 'Destacados primero' },
  { value: 'cost_asc', label: 'Menor costo primero' },
  { value: 'cost_desc', label: 'Mayor costo primero' },
];

type Props = {
  /** What the search box shows (the query uses it debounced). */
  searchText: string;
  onSearchText: (text: string) => void;
  finders: Finders;
  onChange: (finders: Finders) => void;
  /** The balance 'Me alcanza' compares with: 'flexibles' or 'de empresa'. */
  balanceName: string;
};

/** The catalogue's finders (decision 273): name, order by cost, 'Me alcanza'. The server filters. */
export function CatalogueFinders({ searchText, onSearchText, finders, onChange, balanceName }: Props) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="catalogue-finders">
      <TextInput
        aria-label="Buscar beneficios por nombre"
        placeholder="Buscar por nombre"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={searchText}
        onChange={(event) => onSearchText(event.currentTarget.value)}
        w={{ base: '100%', xs: 320 }}
        radius="xl"
      />
      <Select
        aria-label="Ordenar beneficios"
        data={SORT_OPTIONS}
        value={finders.sort}
        onChange={(value) => onChange({ ...finders, sort: (value as CatalogueSort | null) ?? 'featured' })}
        allowDeselect={false}
        // Its options mount when it opens: kept mounted (hidden), the list was positioned as the page
        // first rendered, a forced layout and a second, synchronous render of the page (decision 336).
        comboboxProps={{ keepMounted: false }}
        w={{ base: '100%', xs: 220 }}
        radius="xl"
      />
      <Switch
        label="Me alcanza"
        description={`Solo lo que cubren mis tokens ${balanceName}`}
        checked={finders.affordable}
        onChange={(event) => onChange({ ...finders, affordable: event.currentTarget.checked })}
        size="md"
      />
    </Group>
  );
}
