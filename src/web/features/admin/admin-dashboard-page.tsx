import { Anchor, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconCircleCheck, IconGift, IconInbox, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '#domain/dates';
import type { AdminDashboard } from '#domain/schemas/admin';
import { messageOf } from '../../api/client';
import { useAdminDashboard } from '../../api/admin-platform';
import { CodeText } from '../../components/code-text';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { StatCardRow } from '../../components/stat-cards';
import { OriginBadge, StatusBadge } from '../../components/badges';
import { SimpleTable, type DataTableColumn } from '../../components/data-table';
import { dateTimeColumn } from '../../components/data-table-columns';
import { plural } from '#domain/plural';
import { href, paths } from '#domain/paths';

/** The quick actions of spec part 1 §2 "Dashboard": the screens an operator opens most. */
const QUICK_LINKS = [
  { to: href(paths.admin.companies), label: 'Gestionar empresas' },
  { to: href(paths.admin.platformBenefits), label: 'Beneficios Jobby' },
  { to: href(paths.admin.requests), label: 'Revisar solicitudes' },
  { to: href(paths.admin.providers), label: 'Proveedores' },
  { to: href(paths.admin.tokens), label: 'Gestionar tokens' },
  { to: href(paths.admin.assignLevels), label: 'Asignar niveles' },
];

const RECENT_CODE_COLUMNS: DataTableColumn<AdminDashboard['recentCodes'][number]>[] = [
  { key: 'code', header: 'Código', render: (c) => <CodeText code={c.code} fw={700} /> },
  {
    key: 'benefit',
    header: 'Beneficio',
    render: (c) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{c.benefitName}</Text>
        <OriginBadge isBenefitJobby={c.isBenefitJobby} size="xs" />
      </Group>
    ),
  },
  { key: 'user', header: 'Colaborador', render: (c) => c.userName ?? 'Usuario desconocido' },
  { key: 'company', header: 'Empresa', render: (c) => c.companyName ?? '—' },
  { key: 'provider', header: 'Proveedor', render: (c) => c.providerName ?? '—' },
  dateTimeColumn('usedAt', 'Canjeado', (c) => c.usedAt),
];

/** /level1/dashboard (spec part 1 §2): five figures, quick links, the newest companies and the latest used codes, in one call. */
export function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  if (dashboard.isPending) return <PageLoader label="Cargando dashboard..." />;
  if (dashboard.isError) return <ErrorState message={messageOf(dashboard.error)} onRetry={() => void dashboard.refetch()} />;
  const { stats, recentCompanies, recentCodes } = dashboard.data;

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader title="Panel de la plataforma" description="La plataforma de un vistazo: empresas, usuarios, beneficios, solicitudes y códigos canjeados." />
      <StatCardRow
        items={[
          { label: 'Empresas', value: stats.companies, description: 'Clientes de Jobby', icon: <IconBuilding size={22} /> },
          { label: 'Usuarios', value: stats.users, description: 'Todas las cuentas', icon: <IconUsers size={22} /> },
          { label: 'Beneficios Jobby', value: stats.platformBenefits, description: 'Activos en la plataforma', icon: <IconGift size={22} /> },
          { label: 'Solicitudes pendientes', value: stats.pendingRequests, description: 'Esperan aprobación', icon: <IconInbox size={22} />, color: 'orange' },
          { label: 'Tokens completados', value: stats.completedCodes, description: 'Códigos utilizados', icon: <IconCircleCheck size={22} />, color: 'green' },
        ]}
      />
      <Card padding="lg">
        <Title order={4} mb="sm">
          Acciones rápidas
        </Title>
        <Group gap="sm">
          {QUICK_LINKS.map((link) => (
            <Button key={link.to} component={Link} to={link.to} variant="light" color="admin">
              {link.label}
            </Button>
          ))}
        </Group>
      </Card>
      {/* Side by side only from xl (1408 px): at 1366 px the six columns of the codes table were clipped beside the companies (decision 267). */}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xl: 4 }}>
        <Card padding="lg" h="100%">
          <Title order={4} mb="sm">
            Empresas recientes
          </Title>
          {recentCompanies.length === 0 ? (
            <Text c="dimmed">Aún no hay empresas.</Text>
          ) : (
            <Stack gap="xs">
              {recentCompanies.map((c) => (
                <Group key={c.id} justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {c.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDate(c.createdAt)} · {plural(c.userCount, 'usuario', 'usuarios')}
                    </Text>
                  </div>
                  <StatusBadge isActive={c.status === 'active'} feminine />
                </Group>
              ))}
              <Anchor component={Link} to={href(paths.admin.companies)} size="sm">
                Ver todas las empresas
              </Anchor>
            </Stack>
          )}
        </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 8 }}>
        <Card padding="lg" h="100%">
          <Title order={4} mb="sm">
            Últimos tokens canjeados
          </Title>
          {recentCodes.length === 0 ? (
            <Text c="dimmed">Aún no se ha canjeado ningún código.</Text>
          ) : (
            <SimpleTable minWidth={640} striped verticalSpacing="xs" aria-label="Últimos tokens canjeados" columns={RECENT_CODE_COLUMNS} rows={recentCodes} rowKey={(c) => c.code} />
          )}
        </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
