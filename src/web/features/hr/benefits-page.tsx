import '@mantine/charts/styles.css';
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconGift, IconLink, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../domain/dates';
import type { CompanyBenefit } from '../../../domain/schemas/economy';
import { USAGE_GROUP_LABELS, type BenefitsOverview } from '../../../domain/schemas/hr';
import { messageOf } from '../../api/client';
import { useBenefitsOverview, useCompanyBenefits, useSetCompanyBenefitStatus } from '../../api/hr';
import { Banner, useBanner } from '../../components/banner';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, useTableSearch, type DataTableColumn } from '../../components/data-table';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { StatusToggleButton } from '../../components/status-toggle-button';
import { BenefitFormModal } from './benefit-form-modal';
import { StatusBadge } from './status-badge';
import { TokenStatCards } from './token-stat-cards';

const PAGE_SIZE = 10;
/** Part 2 §9: the description preview. */
const DESCRIPTION_PREVIEW = 60;

const preview = (text: string) => (text.length > DESCRIPTION_PREVIEW ? `${text.slice(0, DESCRIPTION_PREVIEW)}…` : text);

/** 'Uso de Beneficios' (part 2 §2): flexible (platform) against company benefits, per request outcome. */
function UsageChart({ overview, isLoading }: { overview: BenefitsOverview | undefined; isLoading: boolean }) {
  const data = (overview?.usage ?? []).map((row) => ({ group: USAGE_GROUP_LABELS[row.group], platform: row.platform, company: row.company }));
  return (
    <Card padding="lg">
      <Title order={3}>Uso de Beneficios</Title>
      <Text size="sm" c="dimmed" mb="md">
        Solicitudes de tus colaboradores: beneficios flexibles de Jobby y beneficios de tu empresa.
      </Text>
      {isLoading ? (
        <Skeleton height={260} />
      ) : (
        <BarChart
          h={260}
          data={data}
          dataKey="group"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
          // Counts: whole numbers on the axis, and all four labels even on a phone.
          yAxisProps={{ allowDecimals: false }}
          xAxisProps={{ interval: 0, tick: { fontSize: 11 } }}
          series={[
            { name: 'platform', label: 'Beneficios flexibles', color: 'brand.6' },
            { name: 'company', label: 'Beneficios de empresa', color: 'gold.6' },
          ]}
          aria-label="Gráfico de uso de beneficios"
        />
      )}
    </Card>
  );
}

/** The latest 8 product links (part 2 §3, §9), opened in a new tab without giving it this page. */
function ProductLinks({ links, isLoading }: { links: BenefitsOverview['productLinks'] | undefined; isLoading: boolean }) {
  return (
    <Card padding="lg">
      <Title order={3}>Enlaces de productos</Title>
      <Text size="sm" c="dimmed" mb="sm">
        Los últimos productos que tus colaboradores pidieron en beneficios de terceros.
      </Text>
      {isLoading ? (
        <Skeleton height={120} />
      ) : !links || links.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconLink size={18} aria-hidden />
          <Text size="sm">Aún no hay enlaces de productos.</Text>
        </Group>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {links.map((link) => (
            <li key={link.requestId}>
              <Text size="sm" fw={600}>
                {link.userName ?? link.userEmail ?? 'Usuario desconocido'}{' '}
                <Text span size="xs" c="dimmed">
                  · {link.benefitName} · {formatDateTime(link.requestDate)}
                </Text>
              </Text>
              <Anchor href={link.productLink} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
                {link.productLink}
              </Anchor>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** /level2/benefits (part 2 §2): token cards, the usage chart, product links and the internal benefits with their modal. */
export function HrBenefitsPage() {
  const overview = useBenefitsOverview();
  const { search, page, tableProps } = useTableSearch();
  const benefits = useCompanyBenefits({ search, page, pageSize: PAGE_SIZE });
  const { banner, showSuccess, showError, clear } = useBanner();
  const [editing, setEditing] = useState<{ benefit: CompanyBenefit | null } | null>(null);
  const [toggling, setToggling] = useState<CompanyBenefit | null>(null);
  const setStatus = useSetCompanyBenefitStatus();

  const confirmToggle = () => {
    if (!toggling) return;
    const verb = toggling.status === 'inactive' ? 'activar' : 'desactivar';
    setStatus.mutate(
      { id: toggling.id, status: toggling.status === 'inactive' ? 'active' : 'inactive' },
      {
        onSuccess: () => showSuccess(`Beneficio ${verb}do correctamente`),
        onError: (error) => showError(`Error al ${verb} beneficio: ${messageOf(error)}`),
        onSettled: () => setToggling(null),
      },
    );
  };

  const columns: DataTableColumn<CompanyBenefit>[] = [
    { key: 'title', header: 'Título', render: (b) => <Text fw={600}>{b.title}</Text> },
    { key: 'description', header: 'Descripción', render: (b) => preview(b.description) },
    { key: 'cost', header: 'Costo', noWrap: true, render: (b) => `${b.tokenCost} tokens` },
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
        title="Beneficios internos"
        description="Los beneficios de tu empresa, cómo los usan tus colaboradores y sus tokens."
        action={
          <Button color="admin" leftSection={<IconPlus size={16} />} onClick={() => setEditing({ benefit: null })}>
            Nuevo beneficio
          </Button>
        }
      />
      <Banner banner={banner} onClose={clear} />
      {overview.isError ? (
        <ErrorState message={`Error al cargar los datos: ${messageOf(overview.error)}`} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <TokenStatCards stats={overview.data?.tokens} isLoading={overview.isPending} variant="overview" />
          <Anchor component={Link} to="/level2/tokens" fw={600} w="fit-content">
            <Group gap={4} wrap="nowrap">
              Gestionar tokens de la empresa <IconArrowRight size={16} />
            </Group>
          </Anchor>
          <UsageChart overview={overview.data} isLoading={overview.isPending} />
          <ProductLinks links={overview.data?.productLinks} isLoading={overview.isPending} />
        </>
      )}
      <Title order={3}>Beneficios de la empresa</Title>
      <DataTable<CompanyBenefit>
        label="Beneficios de la empresa"
        columns={columns}
        rows={benefits.data?.items}
        rowKey={(b) => b.id}
        total={benefits.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        {...tableProps}
        searchPlaceholder="Buscar beneficios"
        isLoading={benefits.isPending}
        error={benefits.isError ? `Error al cargar los datos: ${messageOf(benefits.error)}` : null}
        onRetry={() => void benefits.refetch()}
        empty={{
          icon: <IconGift size={28} />,
          title: 'Aún no hay beneficios internos',
          description: 'Crea el primero para que tus colaboradores lo canjeen con tokens de empresa.',
          action: (
            <Button color="admin" onClick={() => setEditing({ benefit: null })}>
              Nuevo beneficio
            </Button>
          ),
        }}
        filteredEmpty={{ icon: <IconGift size={28} />, title: 'Ningún beneficio coincide con la búsqueda' }}
      />
      <BenefitFormModal
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
            ? `¿Desactivar "${toggling.title}"? Tus colaboradores dejarán de verlo.`
            : `¿Activar "${toggling?.title ?? ''}"? Tus colaboradores podrán canjearlo.`
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
