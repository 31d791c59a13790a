// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import type { RecordStatus } from '../../domain/constants';
import { ApiError } from '../api/client';
import { MantineTestProvider, stubBrowserForMantine } from '../test-support';
import { STATUS_CHANGE_TEXTS, useCrudList, type StatusChangeTexts } from './crud-list';
import { DataTable } from './data-table';

beforeAll(stubBrowserForMantine);
afterEach(cleanup);

type Benefit = { id: string; title: string; status: RecordStatus };
type Change = { id: string; status: RecordStatus };
const ROWS: Benefit[] = [
  { id: 'b1', title: 'Yoga', status: 'active' },
  { id: 'b2', title: 'Cine', status: 'inactive' },
];

/** A list screen as the features build it: its columns, its texts, a status route that answers `send`. */
function Screen({ send, texts, withConfirm = true }: { send: (change: Change) => Promise<unknown>; texts: StatusChangeTexts; withConfirm?: boolean }) {
  const setStatus = useMutation({ mutationFn: send });
  const list = useCrudList<Benefit>({
    setStatus,
    texts,
    confirm: withConfirm ? { noun: 'beneficio', message: (b, activate) => `¿${activate ? 'Activar' : 'Desactivar'} "${b.title}"?` } : undefined,
  });
  const query = { data: { items: ROWS, total: ROWS.length }, isPending: false, isError: false, error: null, refetch: () => {} };
  return (
    <>
      {list.banner}
      <DataTable<Benefit>
        label="Beneficios"
        columns={[{ key: 'title', header: 'Título', render: (b) => b.title }, list.actionsColumn({ name: (b) => b.title })]}
        {...list.tableProps(query)}
        empty={{ title: 'Aún no hay beneficios' }}
      />
      {list.createButton('Nuevo beneficio')}
      {list.editing && <p>Formulario: {list.editing.item?.title ?? 'nuevo'}</p>}
      {list.confirmDialog}
    </>
  );
}

function renderScreen(props: Parameters<typeof Screen>[0]) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MantineTestProvider>{children}</MantineTestProvider>
    </QueryClientProvider>
  );
  render(<Screen {...props} />, { wrapper });
  // The desktop table (the phone cards repeat the same buttons).
  return within(screen.getByRole('table', { name: 'Beneficios' }));
}

describe('useCrudList', () => {
  it('asks before deactivating; Cancelar changes nothing', () => {
    const send = vi.fn(() => Promise.resolve({}));
    const table = renderScreen({ send, texts: STATUS_CHANGE_TEXTS.companyBenefit });
    fireEvent.click(table.getByRole('button', { name: 'Desactivar Yoga' }));
    const dialog = screen.getByRole('dialog', { name: 'Desactivar beneficio' });
    expect(within(dialog).getByText('¿Desactivar "Yoga"?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('deactivates on confirmation and says so in the spec\'s words ("desactivado", not "desactivardo")', async () => {
    const send = vi.fn(() => Promise.resolve({}));
    const table = renderScreen({ send, texts: STATUS_CHANGE_TEXTS.companyBenefit });
    fireEvent.click(table.getByRole('button', { name: 'Desactivar Yoga' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Desactivar beneficio' })).getByRole('button', { name: 'Desactivar' }));
    expect((await screen.findByRole('status')).textContent).toBe('Beneficio desactivado correctamente');
    expect(send).toHaveBeenCalledWith({ id: 'b1', status: 'inactive' }, expect.anything());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('activates an inactive row after its own question', async () => {
    const send = vi.fn(() => Promise.resolve({}));
    const table = renderScreen({ send, texts: STATUS_CHANGE_TEXTS.companyBenefit });
    fireEvent.click(table.getByRole('button', { name: 'Activar Cine' }));
    const dialog = screen.getByRole('dialog', { name: 'Activar beneficio' });
    expect(within(dialog).getByText('¿Activar "Cine"?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activar' }));
    expect((await screen.findByRole('status')).textContent).toBe('Beneficio activado correctamente');
    expect(send).toHaveBeenCalledWith({ id: 'b2', status: 'active' }, expect.anything());
  });

  it('shows the failure with the server\'s reason where the spec asks for it, and closes the question', async () => {
    const send = vi.fn(() => Promise.reject(new ApiError(409, 'CONFLICT', 'El beneficio cambió')));
    const table = renderScreen({ send, texts: STATUS_CHANGE_TEXTS.companyBenefit });
    fireEvent.click(table.getByRole('button', { name: 'Desactivar Yoga' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Desactivar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error al desactivar beneficio: El beneficio cambió');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('switches at once when the screen asks no question (a provider, spec part 1 §4)', async () => {
    const send = vi.fn(() => Promise.reject(new ApiError(500, 'INTERNAL', 'x')));
    const table = renderScreen({ send, texts: STATUS_CHANGE_TEXTS.provider, withConfirm: false });
    fireEvent.click(table.getByRole('button', { name: 'Desactivar Yoga' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await screen.findByRole('alert')).textContent).toBe('Error al actualizar estado');
    expect(send).toHaveBeenCalledWith({ id: 'b1', status: 'inactive' }, expect.anything());
  });

  it('opens the form on a row to edit and empty to create', () => {
    const table = renderScreen({ send: () => Promise.resolve({}), texts: STATUS_CHANGE_TEXTS.companyBenefit });
    fireEvent.click(table.getByRole('button', { name: 'Editar Cine' }));
    expect(screen.getByText('Formulario: Cine')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo beneficio' }));
    expect(screen.getByText('Formulario: nuevo')).toBeTruthy();
  });
});

describe('STATUS_CHANGE_TEXTS', () => {
  const failure = new ApiError(409, 'X', 'motivo');
  it.each([
    ['company', 'Empresa activada correctamente', 'Empresa desactivada correctamente', 'Error al desactivar/activar empresa o beneficio', 'Error al desactivar/activar empresa o beneficio'],
    ['platformBenefit', 'Beneficio activado correctamente', 'Beneficio desactivado correctamente', 'Error al desactivar/activar empresa o beneficio', 'Error al desactivar/activar empresa o beneficio'],
    ['provider', 'Proveedor actualizado correctamente', 'Proveedor actualizado correctamente', 'Error al actualizar estado', 'Error al actualizar estado'],
    ['companyBenefit', 'Beneficio activado correctamente', 'Beneficio desactivado correctamente', 'Error al activar beneficio: motivo', 'Error al desactivar beneficio: motivo'],
    ['companyUser', 'Usuario activado correctamente', 'Usuario desactivado correctamente', 'Error al activar usuario: motivo', 'Error al desactivar usuario: motivo'],
  ] as const)('%s reads the spec\'s texts', (screenName, activated, deactivated, activateFailed, deactivateFailed) => {
    const texts: StatusChangeTexts = STATUS_CHANGE_TEXTS[screenName];
    expect([texts.done(true), texts.done(false), texts.failed(true, failure), texts.failed(false, failure)]).toEqual([activated, deactivated, activateFailed, deactivateFailed]);
  });
});
