import { useMemo, useState } from 'react';
import { Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { EmployeeBalance } from '#domain/schemas/economy';
import { useAdminEmployees } from '../../api/admin-tokens';
import { messageOf } from '../../api/client';

const SEARCH_DEBOUNCE_MS = 300;

function employeeLabel(employee: Pick<EmployeeBalance, 'name' | 'email'>): string {
  return `${employee.name} (${employee.email})`;
}

type Props = {
  value: EmployeeBalance | null;
  onChange: (employee: EmployeeBalance | null) => void;
  error?: string | null;
};

/** A level 3 user, searched on the server by name or email as the admin types (debounced). */
export function EmployeeSelect({ value, onChange, error }: Props) {
  const [searchValue, setSearchValue] = useState('');
  const [debounced] = useDebouncedValue(searchValue, SEARCH_DEBOUNCE_MS);
  // Once a user is chosen the box shows their label; that label is not a search.
  const search = value && debounced === employeeLabel(value) ? '' : debounced;
  const employees = useAdminEmployees({ search });

  const byId = useMemo(() => {
    const map = new Map<string, EmployeeBalance>();
    for (const employee of employees.data?.items ?? []) map.set(employee.id, employee);
    if (value && !map.has(value.id)) map.set(value.id, value);
    return map;
  }, [employees.data, value]);

  const data = useMemo(() => [...byId.values()].map((employee) => ({ value: employee.id, label: employeeLabel(employee) })), [byId]);
  const isSearching = employees.isFetching || searchValue !== debounced;

  return (
    <Select
      label="Usuario"
      description="Colaboradores (nivel 3) de todas las empresas"
      placeholder="Busca por nombre o correo"
      searchable
      clearable
      size="md"
      data={data}
      value={value?.id ?? null}
      onChange={(id) => onChange(id ? (byId.get(id) ?? null) : null)}
      searchValue={searchValue}
      onSearchChange={setSearchValue}
      // The server already filtered by the search text.
      filter={({ options }) => options}
      nothingFoundMessage={isSearching ? 'Buscando...' : 'No se encontraron usuarios'}
      leftSection={<IconSearch size={16} />}
      rightSection={isSearching ? <Loader size={16} color="admin" /> : undefined}
      error={error ?? (employees.isError ? `Error al cargar usuarios: ${messageOf(employees.error)}` : undefined)}
      renderOption={({ option }) => {
        const employee = byId.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {employee?.name ?? option.label}
            </Text>
            {employee && (
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {employee.email}
                </Text>
                {employee.companyName && (
                  <Text size="xs" c="dimmed">
                    · {employee.companyName}
                  </Text>
                )}
              </Group>
            )}
          </Stack>
        );
      }}
      comboboxProps={{ shadow: 'md' }}
      data-testid="employee-select"
    />
  );
}
