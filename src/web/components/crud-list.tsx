import { useState, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import type { RecordStatus } from '../../domain/constants';
import { messageOf } from '../api/client';
import { Banner, useBanner } from './banner';
import { ConfirmDialog } from './confirm-dialog';
import { pagedTableProps, useTableSearch, type DataTableColumn, type PagedQuery } from './data-table';
import { actionsColumn } from './data-table-columns';
import { StatusToggleButton } from './status-toggle-button';

/** The rows of a list screen: each has an id and is active or inactive. */
type CrudRow = { id: string; status: RecordStatus };

/** What the banner says after a row was switched on or off, or could not be. */
export type StatusChangeTexts = {
  done: (activate: boolean) => string;
  failed: (activate: boolean, error: unknown) => string;
};

/**
 * The spec's texts for switching a row on or off, one entry per screen, spelt out whole (a word built
 * from its verb read "activardo"). Level 1: spec part 1 §8 "Other errors" and "Success texts";
 * HR: spec part 2 §8. The user's failure text is not in the spec and follows the benefit's.
 */
export const STATUS_CHANGE_TEXTS = {
  company: {
    done: (activate) => (activate ? 'Empresa activada correctamente' : 'Empresa desactivada correctamente'),
    // The server's reason is not one a person can act on here.
    failed: () => 'Error al desactivar/activar empresa o beneficio',
  },
  platformBenefit: {
    done: (activate) => (activate ? 'Beneficio activado correctamente' : 'Beneficio desactivado correctamente'),
    failed: () => 'Error al desactivar/activar empresa o beneficio',
  },
  provider: {
    done: () => 'Proveedor actualizado correctamente',
    failed: () => 'Error al actualizar estado',
  },
  companyBenefit: {
    done: (activate) => (activate ? 'Beneficio activado correctamente' : 'Beneficio desactivado correctamente'),
    failed: (activate, error) => `Error al ${activate ? 'activar' : 'desactivar'} beneficio: ${messageOf(error)}`,
  },
  companyUser: {
    done: (activate) => (activate ? 'Usuario activado correctamente' : 'Usuario desactivado correctamente'),
    failed: (activate, error) => `Error al ${activate ? 'activar' : 'desactivar'} usuario: ${messageOf(error)}`,
  },
} satisfies Record<string, StatusChangeTexts>;

/** The question asked before a row is switched (title 'Desactivar {noun}' / 'Activar {noun}'). */
type StatusConfirmation<Row> = {
  /** Lower case, after the verb: 'empresa', 'beneficio', 'usuario'. */
  noun: string;
  message: (row: Row, activate: boolean) => string;
};

/** The parts of a TanStack status mutation (`useSetCompanyStatus()`…) a list uses. */
type StatusMutation = {
  mutate(variables: { id: string; status: RecordStatus }, options: { onSuccess: () => void; onError: (error: unknown) => void; onSettled: () => void }): void;
  isPending: boolean;
  variables?: { id: string };
};

type CrudListOptions<Row extends CrudRow> = {
  /** The screen's status mutation, as its API hook gives it. */
  setStatus: StatusMutation;
  texts: StatusChangeTexts;
  /** Ask first (the default for everything the spec says so); without it the switch happens at once. */
  confirm?: StatusConfirmation<Row>;
  pageSize?: number;
};

const CRUD_PAGE_SIZE = 10;

/** What a list's create/edit form modal receives from `useCrudList().formProps`; the screen adds the row. */
export type CrudFormProps = {
  opened: boolean;
  onClose: () => void;
  /** Saved: closes the form and shows the message in the list's banner. */
  onSaved: (message: string) => void;
};

/**
 * A list screen with create / edit / activate-deactivate: the page and search of its DataTable, the row
 * being edited (`{ item: null }` = creating), the row waiting for the confirmation and its dialog, and the
 * banner with the spec's texts. A screen keeps its columns, its form, its texts and its query:
 *
 *   const list = useCrudList({ setStatus: useSetCompanyStatus(), texts: STATUS_CHANGE_TEXTS.company, confirm });
 *   const companies = useCompanies(list.params);
 *   <DataTable label="Empresas" columns={…} {...list.tableProps(companies)} empty={…} />
 */
export function useCrudList<Row extends CrudRow>({ setStatus, texts, confirm, pageSize = CRUD_PAGE_SIZE }: CrudListOptions<Row>) {
  const { search, page, tableProps } = useTableSearch();
  const { banner, showSuccess, showError, clear } = useBanner();
  const [editing, setEditing] = useState<{ item: Row | null } | null>(null);
  const [toggling, setToggling] = useState<Row | null>(null);

  const changeStatus = (row: Row) => {
    const activate = row.status === 'inactive';
    setStatus.mutate(
      { id: row.id, status: activate ? 'active' : 'inactive' },
      {
        onSuccess: () => showSuccess(texts.done(activate)),
        onError: (error) => showError(texts.failed(activate, error)),
        onSettled: () => setToggling(null),
      },
    );
  };

  const startEdit = (item: Row | null) => setEditing({ item });
  const closeEditor = () => setEditing(null);
  /** A form saved: close it and say so. */
  const saved = (message: string) => {
    closeEditor();
    showSuccess(message);
  };
  const activate = toggling?.status === 'inactive';

  return {
    /** What the screen's query asks for. */
    params: { search, page, pageSize },
    showSuccess,
    showError,
    /** `null` when no form is open; `{ item: null }` while creating. */
    editing,
    closeEditor,
    saved,

    /** DataTable's rows, paging, search, loading and error; the screen adds label, columns, texts. */
    tableProps: (query: PagedQuery<Row>, loadError?: (error: unknown) => string) => ({
      ...pagedTableProps(query, loadError),
      rowKey: (row: Row) => row.id,
      pageSize,
      ...tableProps,
    }),
    /** 'Nueva empresa', 'Nuevo beneficio'…: opens the empty form (the header's, with an icon, and the empty list's). */
    createButton: (label: string, icon?: ReactNode) => (
      <Button color="admin" leftSection={icon} onClick={() => startEdit(null)}>
        {label}
      </Button>
    ),
    /** The form modal's `opened`, `onClose` and `onSaved`; the screen adds the row (`editing.item`). */
    formProps: { opened: editing !== null, onClose: closeEditor, onSaved: saved } satisfies CrudFormProps,
    /**
     * The 'Acciones' column in one right-aligned row: 'Editar' (unless `canEdit` is false), then
     * 'Activar'/'Desactivar' (asking first when the screen gave a confirmation), then the screen's `extra`.
     * `name` names the buttons for screen readers ("Editar Andes", "Desactivar a Lucía Fuentes").
     */
    actionsColumn: ({ name, canEdit = true, extra }: { name: (row: Row) => string; canEdit?: boolean; extra?: (row: Row) => ReactNode }): DataTableColumn<Row> =>
      actionsColumn((row) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {canEdit && (
            <Button size="xs" variant="light" color="admin" onClick={() => startEdit(row)} aria-label={`Editar ${name(row)}`}>
              Editar
            </Button>
          )}
          <StatusToggleButton
            isActive={row.status === 'active'}
            rowName={name(row)}
            onClick={() => (confirm ? setToggling(row) : changeStatus(row))}
            loading={!confirm && setStatus.isPending && setStatus.variables?.id === row.id}
          />
          {extra?.(row)}
        </Group>
      )),
    banner: <Banner banner={banner} onClose={clear} />,
    confirmDialog: confirm && (
      <ConfirmDialog
        opened={toggling !== null}
        title={`${activate ? 'Activar' : 'Desactivar'} ${confirm.noun}`}
        message={toggling ? confirm.message(toggling, activate) : ''}
        confirmLabel={activate ? 'Activar' : 'Desactivar'}
        isDestructive={!activate}
        isLoading={setStatus.isPending}
        onConfirm={() => toggling && changeStatus(toggling)}
        onCancel={() => setToggling(null)}
      />
    ),
  };
}
