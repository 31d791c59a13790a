// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { AdminUser } from '#domain/schemas/admin';
import { MantineTestProvider, stubBrowserForMantine } from '../../test-support';
import { UserDiagnosticsPage } from './user-diagnostics-page';

const mutation = () => ({ mutate: vi.fn(), isPending: false, variables: undefined });
const api = vi.hoisted(() => ({ deleteUser: null as unknown, revoke: null as unknown, resend: null as unknown, users: [] as unknown[] }));

vi.mock('../../api/admin-platform', () => ({
  ADMIN_CSV_URLS: { users: '/csv' },
  useUserSummary: () => ({ data: { total: 2, byLevel: { 1: 0, 2: 1, 3: 1, 4: 0, none: 0 }, recommendations: [] }, isPending: false, isError: false }),
  useAdminUsers: () => ({ data: { items: api.users, total: api.users.length }, isPending: false, isError: false, refetch: vi.fn() }),
  useDeleteUser: () => api.deleteUser,
  useRevokeAdminInvitation: () => api.revoke,
  useResendAdminInvitation: () => api.resend,
}));
vi.mock('../../api/session', () => ({ useMe: () => ({ data: { id: 'me' } }) }));

const person = (over: Partial<AdminUser>): AdminUser =>
  ({ id: 'u', email: 'x@andes.cl', name: 'X', level: 3, companyId: null, companyName: 'Andes', status: 'active', invitationPending: false, createdAt: '2026-11-01T00:00:00.000Z', ...over }) as AdminUser;

beforeAll(stubBrowserForMantine);
afterEach(cleanup);

function page() {
  api.deleteUser = mutation();
  api.revoke = mutation();
  api.resend = mutation();
  api.users = [person({ id: 'ana', name: 'Ana Díaz', email: 'ana@andes.cl' }), person({ id: 'hr', name: 'Rut HR', email: 'rut@andes.cl', level: 2, invitationPending: true })];
  render(
    <MemoryRouter>
      <UserDiagnosticsPage />
    </MemoryRouter>,
    { wrapper: MantineTestProvider },
  );
}

describe('level 1 user diagnostics', () => {
  it("shows each account's status badge, with the pending invitation beside it", () => {
    page();
    const table = screen.getAllByRole('table', { name: 'Usuarios' })[0];
    expect(within(table).getAllByText('Activo')).toHaveLength(2);
    expect(within(table).getAllByText('Invitación pendiente')).toHaveLength(1);
  });

  it('asks before deleting an account, naming the person, and deletes only once confirmed', async () => {
    page();
    fireEvent.click(screen.getAllByRole('button', { name: 'Eliminar la cuenta de Ana Díaz' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar cuenta' });
    expect(dialog.textContent).toContain('¿Eliminar la cuenta de Ana Díaz (ana@andes.cl)?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect((api.deleteUser as ReturnType<typeof mutation>).mutate).not.toHaveBeenCalled();

    fireEvent.click(screen.getAllByRole('button', { name: 'Eliminar la cuenta de Ana Díaz' })[0]);
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Eliminar cuenta' })).getByRole('button', { name: 'Eliminar cuenta' }));
    expect((api.deleteUser as ReturnType<typeof mutation>).mutate).toHaveBeenCalledWith('ana', expect.anything());
  });

  it("asks before revoking an invitation, and revokes that person's", async () => {
    page();
    fireEvent.click(screen.getAllByRole('button', { name: 'Revocar la invitación de Rut HR' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Revocar invitación' });
    expect(dialog.textContent).toContain('¿Revocar la invitación de Rut HR (rut@andes.cl)?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revocar' }));
    expect((api.revoke as ReturnType<typeof mutation>).mutate).toHaveBeenCalledWith('hr', expect.anything());
    expect((api.deleteUser as ReturnType<typeof mutation>).mutate).not.toHaveBeenCalled();
  });
});
