import { useState } from 'react';
import { Badge, Select } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { AdminUser } from '#domain/schemas/admin';
import { useAdminUsers, type AdminUserParams } from '../../api/admin-platform';
import { DataTable, pagedTableProps, useTableSearch, type DataTableColumn } from '../../components/data-table';
import { LEVEL_OPTIONS } from './user-level-cards';

const PAGE_SIZE = 15;

/** Search, level filter and page of a user table, shared by both level 1 user screens. */
export function useUserTable() {
  const { search, page, setPage, tableProps } = useTableSearch();
  const [level, setLevel] = useState<AdminUserParams['level']>(undefined);
  const users = useAdminUsers({ search, level, page, pageSize: PAGE_SIZE });
  return {
    users,
    tableProps,
    levelFilter: (
      <Select
        aria-label="Filtrar por nivel"
        placeholder="Todos los niveles"
        data={LEVEL_OPTIONS}
        value={level ?? null}
        clearable
        onChange={(value) => {
          setLevel((value ?? undefined) as AdminUserParams['level']);
          setPage(1);
        }}
        maw={260}
      />
    ),
  };
}

/** A user's level as a badge: 'Nivel 2', or an orange 'Sin nivel'. */
export const levelBadge = (u: AdminUser) =>
  u.level === null ? (
    <Badge variant="light" color="orange" miw="max-content">
      Sin nivel
    </Badge>
  ) : (
    <Badge variant="light" color="admin" miw="max-content">
      Nivel {u.level}
    </Badge>
  );

/** The paged, searchable users table both level 1 user screens show, with their own columns. */
export function UsersTable({ label, columns, table }: { label: string; columns: DataTableColumn<AdminUser>[]; table: ReturnType<typeof useUserTable> }) {
  return (
    <DataTable<AdminUser>
      label={label}
      columns={columns}
      {...pagedTableProps(table.users, () => 'Error al cargar usuarios')}
      rowKey={(u) => u.id}
      pageSize={PAGE_SIZE}
      {...table.tableProps}
      searchPlaceholder="Buscar por nombre, email o empresa"
      empty={{ icon: <IconUsers size={28} />, title: 'No hay usuarios con ese nivel' }}
      filteredEmpty={{ icon: <IconUsers size={28} />, title: 'Ningún usuario coincide con la búsqueda' }}
    />
  );
}
