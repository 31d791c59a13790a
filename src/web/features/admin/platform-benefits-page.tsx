import { Group, Stack, Text } from '@mantine/core';
import { IconGift, IconPlus, IconStarFilled } from '@tabler/icons-react';
import { benefitCategoryName } from '#domain/constants';
import type { PlatformBenefit } from '#domain/schemas/economy';
import { usePlatformBenefits, useSetPlatformBenefitStatus } from '../../api/admin-platform';
import { STATUS_CHANGE_TEXTS, useCrudList } from '../../components/crud-list';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { recordStatusColumn, tokenCostColumn } from '../../components/data-table-columns';
import { PageHeader } from '../../components/page-header';
import { BenefitTypeBadge } from './benefit-type-badge';
import { PlatformBenefitFormModal } from './platform-benefit-form-modal';

/** /level1/benefits/jobby (spec part 1 §2 "Platform benefits"): the table, add/edit and activate/deactivate. */
export function PlatformBenefitsPage() {
  const list = useCrudList<PlatformBenefit>({
    setStatus: useSetPlatformBenefitStatus(),
    texts: STATUS_CHANGE_TEXTS.platformBenefit,
    confirm: {
      noun: 'beneficio',
      message: (b, activate) =>
        activate
          ? `¿Activar ${b.title}? Los colaboradores podrán volver a canjearlo.`
          : `¿Desactivar ${b.title}? Los colaboradores dejarán de verlo; los códigos ya emitidos siguen siendo válidos.`,
    },
  });
  const benefits = usePlatformBenefits(list.params);

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
    tokenCostColumn(),
    { key: 'stock', header: 'Disponibles', noWrap: true, render: (b) => (b.stockRemaining === null ? 'Ilimitado' : b.stockRemaining.toLocaleString('es-CL')) },
    recordStatusColumn(),
    list.actionsColumn({ name: (b) => b.title }),
  ];

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title="Beneficios Jobby"
        description="Los beneficios de la plataforma que los colaboradores canjean con sus tokens flexibles."
        action={list.createButton('Nuevo beneficio', <IconPlus size={16} />)}
      />
      {list.banner}
      <DataTable<PlatformBenefit>
        label="Beneficios Jobby"
        columns={columns}
        {...list.tableProps(benefits)}
        searchPlaceholder="Buscar por título, descripción o proveedor"
        empty={{
          icon: <IconGift size={28} />,
          title: 'Aún no hay beneficios',
          description: 'Crea el primer beneficio para que los colaboradores puedan canjear sus tokens flexibles.',
          action: list.createButton('Nuevo beneficio'),
        }}
        filteredEmpty={{ icon: <IconGift size={28} />, title: 'Ningún beneficio coincide con la búsqueda' }}
      />
      <PlatformBenefitFormModal {...list.formProps} benefit={list.editing?.item ?? null} />
      {list.confirmDialog}
    </Stack>
  );
}
