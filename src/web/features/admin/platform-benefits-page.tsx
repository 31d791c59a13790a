import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconGift, IconPlus, IconStarFilled } from '@tabler/icons-react';
import { benefitCategoryName } from '../../../domain/constants';
import type { PlatformBenefit } from '../../../domain/schemas/economy';
import { messageOf } from '../../api/client';
import { usePlatformBenefits, useSetPlatformBenefitStatus } from '../../api/admin-platform';
import { Banner, useBanner } from '../../components/banner';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, useTableSearch, type DataTableColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { StatusToggleButton } from '../../components/status-toggle-button';
import { BenefitTypeBadge, StatusBadge } from './benefit-type-badge';
import { PlatformBenefitFormModal } from './platform-benefit-form-modal';

const PAGE_SIZE = 10;

/** /level1/benefits/jobby (part 1 §2 "Platform benefits"): the table, add/edit and activate/deactivate. */
export function PlatformBenefitsPage() {
  const { search, page, tableProps } = useTableSearch();
  const benefits = usePlatformBenefits({ search, page, pageSize: PAGE_SIZE });
  const { banner, showSuccess, showError, clear } = useBanner();
  const [editing, setEditing] = useState<{ benefit: PlatformBenefit | null } | null>(null);
  const [toggling, setToggling] = useState<PlatformBenefit | null>(null);
  const setStatus = useSetPlatformBenefitStatus();

  const confirmToggle = () => {
    if (!toggling) return;
    const activate = toggling.status === 'inactive';
    setStatus.mutate(
      { id: toggling.id, status: activate ? 'active' : 'inactive' },
      {
        onSuccess: () => showSuccess(activate ? 'Beneficio activado correctamente' : 'Beneficio desactivado correctamente'),
        onError: () => showError('Error al desactivar/activar empresa o beneficio'),
        onSettled: () => setToggling(null),
      },
    );
  };

  const columns: DataTableColumn<PlatformBenefit>[] = [
    {
      key: 'title',
      header: 'Título',
      render: (b) => (
        <Group gap={6} wrap="nowrap">
          {b.isHighlighted && <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-label="Destacado" />}
          <Text fw={600}>{b.title}</Text>
        </Group>
      ),
    },
    { key: 'type', header: 'Tipo', noWrap: true, render: (b) => <BenefitTypeBadge type={b.type} /> },
    // Nine columns do not fit a 1280–1366 px laptop beside the menu: below xl these three read under the title.
    { key: 'category', header: 'Categoría', foldBelow: 'xl', render: (b) => (b.category ? benefitCategoryName(b.category) : '—') },
    { key: 'value', header: 'Valor', foldBelow: 'xl', render: (b) => b.value ?? '—' },
    { key: 'provider', header: 'Proveedor', foldBelow: 'xl', render: (b) => b.providerName ?? '—' },
    { key: 'cost', header: 'Costo', noWrap: true, render: (b) => `${b.tokenCost} ${b.tokenCost === 1 ? 'token' : 'tokens'}` },
    { key: 'stock', header: 'Stock', noWrap: true, render: (b) => (b.stockRemaining === null ? 'Ilimitado' : b.stockRemaining.toLocaleString('es-CL')) },
    { key: 'status', header: 'Estado', noWrap: true, render: (b) => <StatusBadge isActive={b.status === 'active'} /> },
    {
      key: 'actions',
      header: 'Acciones',
      isActions: true,
      render: (b) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" color="admin" onClick={() => setEditing({ benefit: b })} aria-label={`Editar ${b.title}`}>
            Editar
          </Button>
          <StatusToggleButton isActive={b.status === 'active'} rowName={b.title} onClick={() => setToggling(b)} />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title="Beneficios Jobby"
        description="Los beneficios de la plataforma que los colaboradores canjean con sus tokens flexibles."
        action={
          <Button color="admin" leftSection={<IconPlus size={16} />} onClick={() => setEditing({ benefit: null })}>
            Nuevo beneficio
          </Button>
        }
      />
      <Banner banner={banner} onClose={clear} />
      <DataTable<PlatformBenefit>
        label="Beneficios Jobby"
        columns={columns}
        rows={benefits.data?.items}
        rowKey={(b) => b.id}
        total={benefits.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        {...tableProps}
        searchPlaceholder="Buscar por título, descripción o proveedor"
        isLoading={benefits.isPending}
        error={benefits.isError ? messageOf(benefits.error) : null}
        onRetry={() => void benefits.refetch()}
        empty={{
          icon: <IconGift size={28} />,
          title: 'Aún no hay beneficios',
          description: 'Crea el primer beneficio para que los colaboradores puedan canjear sus tokens flexibles.',
          action: (
            <Button color="admin" onClick={() => setEditing({ benefit: null })}>
              Nuevo beneficio
            </Button>
          ),
        }}
        filteredEmpty={{ icon: <IconGift size={28} />, title: 'Ningún beneficio coincide con la búsqueda' }}
      />
      <PlatformBenefitFormModal
        opened={editing !== null}
        benefit={editing?.benefit ?? null}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          showSuccess(message);
        }}
      />
      <ConfirmDialog
        opened={toggling !== null}
        title={toggling?.status === 'active' ? 'Desactivar beneficio' : 'Activar beneficio'}
        message={
          toggling?.status === 'active'
            ? `¿Desactivar ${toggling.title}? Los colaboradores dejarán de verlo; los códigos ya emitidos siguen siendo válidos.`
            : `¿Activar ${toggling?.title ?? ''}? Los colaboradores podrán volver a canjearlo.`
        }
        confirmLabel={toggling?.status === 'active' ? 'Desactivar' : 'Activar'}
        isDestructive={toggling?.status === 'active'}
        isLoading={setStatus.isPending}
        onConfirm={confirmToggle}
        onCancel={() => setToggling(null)}
      />
    </Stack>
  );
}
