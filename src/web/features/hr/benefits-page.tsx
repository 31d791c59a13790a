import { lazy, Suspense } from 'react';
import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconGift, IconLink, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '#domain/dates';
import type { CompanyBenefit } from '#domain/schemas/economy';
import { USAGE_GROUP_LABELS, type BenefitsOverview } from '#domain/schemas/hr';
import { useBenefitsOverview, useCompanyBenefits, useSetCompanyBenefitStatus } from '../../api/hr';
import { STATUS_CHANGE_TEXTS, useCrudList } from '../../components/crud-list';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { recordStatusColumn, tokenCostColumn } from '../../components/data-table-columns';
import { LoadFailedState, loadFailed } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { BenefitFormModal } from './benefit-form-modal';
import { TokenStatCards } from './token-stat-cards';
import { href, paths } from '#domain/paths';

/** Spec part 2 §9: the description preview. */
const DESCRIPTION_PREVIEW = 60;

// The chart library loads with this screen's chart only (decision 311).
const UsageBarChart = lazy(() => import('./usage-bar-chart'));

const preview = (text: string) => (text.length > DESCRIPTION_PREVIEW ? `${text.slice(0, DESCRIPTION_PREVIEW)}…` : text);

/** 'Uso de Beneficios' (spec part 2 §2): flexible (platform) against company benefits, per request outcome. */
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
        <Suspense fallback={<Skeleton height={260} />}>
          <UsageBarChart data={data} />
        </Suspense>
      )}
    </Card>
  );
}

/** The latest 8 product links (spec part 2 §3, §9), opened in a new tab without giving it this page. */
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

/** /level2/benefits (spec part 2 §2): token cards, the usage chart, product links and the internal benefits with their modal. */
export function HrBenefitsPage() {
  const overview = useBenefitsOverview();
  const list = useCrudList<CompanyBenefit>({
    setStatus: useSetCompanyBenefitStatus(),
    texts: STATUS_CHANGE_TEXTS.companyBenefit,
    confirm: {
      noun: 'beneficio',
      message: (b, activate) => (activate ? `¿Activar "${b.title}"? Tus colaboradores podrán canjearlo.` : `¿Desactivar "${b.title}"? Tus colaboradores dejarán de verlo.`),
    },
  });
  const benefits = useCompanyBenefits(list.params);

  const columns: DataTableColumn<CompanyBenefit>[] = [
    { key: 'title', header: 'Título', render: (b) => <Text fw={600}>{b.title}</Text> },
    { key: 'description', header: 'Descripción', render: (b) => preview(b.description) },
    tokenCostColumn(),
    recordStatusColumn(),
    list.actionsColumn({ name: (b) => b.title }),
  ];

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title="Beneficios internos"
        description="Los beneficios de tu empresa, cómo los usan tus colaboradores y sus tokens."
        action={list.createButton('Nuevo beneficio', <IconPlus size={16} />)}
      />
      {list.banner}
      {overview.isError ? (
        <LoadFailedState query={overview} />
      ) : (
        <>
          <TokenStatCards stats={overview.data?.tokens} isLoading={overview.isPending} variant="overview" />
          <Anchor component={Link} to={href(paths.hr.tokens)} fw={600} w="fit-content">
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
        {...list.tableProps(benefits, loadFailed)}
        searchPlaceholder="Buscar beneficios"
        empty={{
          icon: <IconGift size={28} />,
          title: 'Aún no hay beneficios internos',
          description: 'Crea el primero para que tus colaboradores lo canjeen con tokens de empresa.',
          action: list.createButton('Nuevo beneficio'),
        }}
        filteredEmpty={{ icon: <IconGift size={28} />, title: 'Ningún beneficio coincide con la búsqueda' }}
      />
      <BenefitFormModal {...list.formProps} benefit={list.editing?.item ?? null} />
      {list.confirmDialog}
    </Stack>
  );
}
