/**
 * Columns that several tables show the same way (decision 295): a record's 'Estado' badge, a
 * benefit's 'Costo' in tokens, and a moment as 'dd/mm/aaaa hh:mm'. A screen lists them among its own
 * columns; what only one screen shows stays in that screen.
 */
import type { ReactNode } from 'react';
import { Group } from '@mantine/core';
import type { RecordStatus } from '../../domain/constants';
import { formatDateTime } from '../../domain/dates';
import { tokens } from '../../domain/plural';
import { StatusBadge } from './badges';
import type { DataTableColumn } from './data-table';

/**
 * 'Estado': Activo/Inactivo (Activa/Inactiva for a feminine noun: empresa, regla) as a badge, and
 * beside it what `extra` adds for a row (a pending invitation's badge).
 */
export function recordStatusColumn<Row extends { status: RecordStatus }>({ feminine = false, extra }: { feminine?: boolean; extra?: (row: Row) => ReactNode } = {}): DataTableColumn<Row> {
  return {
    key: 'status',
    header: 'Estado',
    noWrap: true,
    render: (row) => {
      const badge = <StatusBadge isActive={row.status === 'active'} feminine={feminine} />;
      const beside = extra?.(row);
      return beside ? (
        <Group gap={4} wrap="nowrap">
          {badge}
          {beside}
        </Group>
      ) : (
        badge
      );
    },
  };
}

/** 'Costo': a benefit's cost in tokens ('1 token', '5 tokens'). */
export function tokenCostColumn<Row extends { tokenCost: number }>(): DataTableColumn<Row> {
  return { key: 'cost', header: 'Costo', noWrap: true, render: (row) => tokens(row.tokenCost) };
}

/** A moment, day and time in Santiago (`formatDateTime`), under `header`. */
export function dateTimeColumn<Row>(key: string, header: string, moment: (row: Row) => string): DataTableColumn<Row> {
  return { key, header, noWrap: true, render: (row) => formatDateTime(moment(row)) };
}

/** 'Acciones': the row's buttons, right-aligned (on a phone, the row card's footer). */
export function actionsColumn<Row>(render: (row: Row) => ReactNode): DataTableColumn<Row> {
  return { key: 'actions', header: 'Acciones', isActions: true, render };
}
