// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Button } from '@mantine/core';
import type { RecordStatus } from '../../domain/constants';
import { formatDateTime } from '../../domain/dates';
import { MantineTestProvider, stubBrowserForMantine } from '../test-support';
import { SimpleTable } from './data-table';
import { actionsColumn, dateTimeColumn, recordStatusColumn, tokenCostColumn } from './data-table-columns';

beforeAll(stubBrowserForMantine);
afterEach(cleanup);

type Row = { id: string; name: string; status: RecordStatus; tokenCost: number; usedAt: string };
const rows: Row[] = [
  { id: 'a', name: 'Café', status: 'active', tokenCost: 1, usedAt: '2026-03-05T15:04:00.000Z' },
  { id: 'b', name: 'Cine', status: 'inactive', tokenCost: 5, usedAt: '2026-03-06T15:04:00.000Z' },
];

function table(feminine: boolean) {
  render(
    <SimpleTable<Row>
      aria-label="Beneficios"
      rowKey={(r) => r.id}
      minWidth={400}
      rows={rows}
      columns={[
        { key: 'name', header: 'Nombre', render: (r) => r.name },
        tokenCostColumn(),
        dateTimeColumn('usedAt', 'Canjeado', (r) => r.usedAt),
        recordStatusColumn({ feminine }),
        actionsColumn((r) => <Button size="xs">Editar {r.name}</Button>),
      ]}
    />,
    { wrapper: MantineTestProvider },
  );
  return screen.getAllByRole('row').slice(1);
}

describe('the shared table columns', () => {
  it('read the headers, the cost in tokens, the moment in Santiago, the status badge and the row actions', () => {
    const [cafe, cine] = table(false);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'Costo', 'Canjeado', 'Estado', 'Acciones']);
    expect(within(cafe).getByText('1 token')).toBeTruthy();
    expect(within(cine).getByText('5 tokens')).toBeTruthy();
    expect(within(cafe).getByText(formatDateTime('2026-03-05T15:04:00.000Z'))).toBeTruthy();
    expect(within(cafe).getByText('Activo')).toBeTruthy();
    expect(within(cine).getByText('Inactivo')).toBeTruthy();
    expect(within(cine).getByRole('button', { name: 'Editar Cine' })).toBeTruthy();
  });

  it('say Activa / Inactiva for a feminine noun', () => {
    const [cafe, cine] = table(true);
    expect(within(cafe).getByText('Activa')).toBeTruthy();
    expect(within(cine).getByText('Inactiva')).toBeTruthy();
  });

  it("show a row's extra beside its status badge, and nothing for a row without one", () => {
    render(
      <SimpleTable<Row>
        aria-label="Usuarios"
        rowKey={(r) => r.id}
        minWidth={400}
        rows={rows}
        columns={[{ key: 'name', header: 'Nombre', render: (r) => r.name }, recordStatusColumn<Row>({ extra: (r) => r.id === 'b' && <span>Invitación pendiente</span> })]}
      />,
      { wrapper: MantineTestProvider },
    );
    const [cafe, cine] = screen.getAllByRole('row').slice(1);
    expect(within(cafe).getByText('Activo')).toBeTruthy();
    expect(within(cafe).queryByText('Invitación pendiente')).toBeNull();
    expect(within(cine).getByText('Inactivo')).toBeTruthy();
    expect(within(cine).getByText('Invitación pendiente')).toBeTruthy();
  });
});
