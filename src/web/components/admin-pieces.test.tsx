// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { BANNER_CLEAR_MS } from '../../domain/constants';
import { MantineTestProvider, stubBrowserForMantine } from '../test-support';
import { useBanner } from './banner';
import { DataTable, pageCount } from './data-table';

beforeAll(stubBrowserForMantine);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const wrapper = MantineTestProvider;

describe('useBanner', () => {
  it('clears a message 5 s after it was shown, not before', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useBanner());
    act(() => result.current.showSuccess('Empresa creada correctamente'));
    expect(result.current.banner).toEqual({ kind: 'success', text: 'Empresa creada correctamente' });
    act(() => vi.advanceTimersByTime(BANNER_CLEAR_MS - 1));
    expect(result.current.banner).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.banner).toBeNull();
  });

  it('gives a newer message its own full 5 s', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useBanner());
    act(() => result.current.showSuccess('primero'));
    act(() => vi.advanceTimersByTime(4000));
    act(() => result.current.showError('Error al crear administrador'));
    act(() => vi.advanceTimersByTime(4000));
    expect(result.current.banner).toEqual({ kind: 'error', text: 'Error al crear administrador' });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.banner).toBeNull();
  });
});

type Row = { id: string; name: string };
const columns = [{ key: 'name', header: 'Nombre', render: (row: Row) => row.name }];

function table(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return (
    <DataTable<Row>
      label="Empresas"
      columns={columns}
      rows={[{ id: '1', name: 'Andes' }]}
      rowKey={(row) => row.id}
      total={1}
      page={1}
      pageSize={10}
      onPageChange={() => {}}
      isLoading={false}
      empty={{ title: 'Aún no hay empresas' }}
      {...props}
    />
  );
}

describe('DataTable', () => {
  it('counts pages, never fewer than one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('shows the pager only beyond one page, and asks for the page pressed', () => {
    const onPageChange = vi.fn();
    const { rerender } = render(table({ onPageChange }), { wrapper });
    expect(screen.queryByLabelText('Página siguiente')).toBeNull();
    rerender(table({ total: 25, onPageChange }));
    expect(screen.getByText('Página 1 de 3 · 25 en total')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Página siguiente'));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('says "más de" for a capped total, and has no pager for a list shown whole', () => {
    const { rerender } = render(table({ total: 10_000, totalIsCapped: true }), { wrapper });
    expect(screen.getByText('Página 1 de 1000 · más de 10.000 en total')).toBeTruthy();
    rerender(table({ total: undefined, page: undefined, onPageChange: undefined, rows: Array.from({ length: 25 }, (_, i) => ({ id: String(i), name: `Empresa ${i}` })) }));
    expect(screen.getAllByText('Empresa 24').length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Página siguiente')).toBeNull();
  });

  it('shows its heading above the rows, and the rows as cards in one column when asked', () => {
    render(table({ heading: <h2>Solicitudes pendientes</h2>, columns: [], cardColumns: 1, renderCard: (row) => <p>{row.name}</p> }), { wrapper });
    expect(screen.getByRole('heading', { name: 'Solicitudes pendientes' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Empresas' });
    expect(list.querySelectorAll('[role="listitem"]')).toHaveLength(1);
    expect(screen.getByText('Andes')).toBeTruthy();
  });

  it('shows the empty state, the search-specific one when filtered, and the error with a working retry', () => {
    const onRetry = vi.fn();
    const { rerender } = render(table({ rows: [], total: 0 }), { wrapper });
    expect(screen.getByText('Aún no hay empresas')).toBeTruthy();
    rerender(table({ rows: [], total: 0, search: 'zz', onSearchChange: () => {}, filteredEmpty: { title: 'Ninguna empresa coincide' } }));
    expect(screen.getByText('Ninguna empresa coincide')).toBeTruthy();
    rerender(table({ error: 'Error al cargar empresas', onRetry }));
    expect(screen.queryByText('Andes')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
