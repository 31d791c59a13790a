import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconGift, IconInbox, IconTicket, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '#domain/dates';
import type { HrDashboard } from '#domain/schemas/hr';
import { useHrDashboard } from '../../api/hr';
import { DataTable } from '../../components/data-table';
import { LoadFailedState } from '../../components/error-state';
import { StatCardRow } from '../../components/stat-cards';
import { href, paths } from '#domain/paths';

const QUICK_LINKS = [
  { to: href(paths.hr.users), label: 'Gestionar usuarios', description: 'Agrega colaboradores, actívalos o cambia su tipo.', icon: <IconUsers size={22} /> },
  { to: href(paths.hr.benefits), label: 'Beneficios internos', description: 'Crea y edita los beneficios de tu empresa.', icon: <IconGift size={22} /> },
  { to: href(paths.hr.requests), label: 'Solicitudes', description: 'Aprueba o rechaza lo que piden tus colaboradores.', icon: <IconInbox size={22} /> },
];

/** "{n} este mes · {m} el mes anterior" under the active codes (spec part 2 §9). */
function codesComparison(stats: HrDashboard['stats']): string {
  return `${stats.codesThisMonth} creados este mes · ${stats.codesPreviousMonth} el mes anterior`;
}

type RecentUser = HrDashboard['recentUsers'][number];

/** /level2/dashboard (spec part 2 §2): welcome, four figures, quick links, the 5 newest users, one call. */
export function HrDashboardPage() {
  const dashboard = useHrDashboard();
  if (dashboard.isError) return <LoadFailedState query={dashboard} />;
  const data = dashboard.data;
  const stats = data?.stats;
  return (
    <Stack gap="lg" maw={1300}>
      <div>
        <Title order={1} size="h2">Panel de Recursos Humanos</Title>
        <Text c="dimmed">{data ? `Bienvenido/a, ${data.adminName} · ${data.company.name}` : 'Cargando...'}</Text>
      </div>
      <StatCardRow
        isLoading={dashboard.isPending}
        items={[
          { label: 'Usuarios', value: stats?.users ?? 0, description: 'Cuentas de la empresa', icon: <IconUsers size={22} /> },
          { label: 'Beneficios activos', value: stats?.activeBenefits ?? 0, description: 'Beneficios internos disponibles', icon: <IconGift size={22} />, color: 'gold' },
          { label: 'Solicitudes pendientes', value: stats?.pendingRequests ?? 0, description: 'Esperan tu aprobación', icon: <IconInbox size={22} />, color: 'orange' },
          { label: 'Códigos activos', value: stats?.activeCodes ?? 0, description: stats ? codesComparison(stats) : undefined, icon: <IconTicket size={22} />, color: 'green' },
        ]}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {QUICK_LINKS.map((link) => (
          <Card key={link.to} component={Link} to={link.to} padding="lg" withBorder style={{ textDecoration: 'none', color: 'inherit' }}>
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={40} radius="md" variant="light" color="admin" aria-hidden>
                {link.icon}
              </ThemeIcon>
              <div>
                <Text fw={700}>{link.label}</Text>
                <Text size="sm" c="dimmed">
                  {link.description}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={3}>Usuarios recientes</Title>
        <DataTable<RecentUser>
          label="Usuarios recientes"
          columns={[
            { key: 'name', header: 'Nombre', render: (u) => <Text fw={600}>{u.name}</Text> },
            { key: 'email', header: 'Correo', render: (u) => u.email },
            { key: 'date', header: 'Fecha de registro', noWrap: true, render: (u) => formatDate(u.createdAt) },
          ]}
          rows={data?.recentUsers}
          rowKey={(u) => u.id}
          total={data?.recentUsers.length ?? 0}
          page={1}
          pageSize={5}
          onPageChange={() => undefined}
          isLoading={dashboard.isPending}
          empty={{
            icon: <IconUsers size={28} />,
            title: 'Aún no hay colaboradores',
            action: (
              <Button component={Link} to={href(paths.hr.users)} color="admin">
                Agregar usuario
              </Button>
            ),
          }}
        />
      </Stack>
      <Card padding="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text fw={700}>Gestión de beneficios</Text>
            <Text size="sm" c="dimmed">
              Crea beneficios internos, revisa su uso y los tokens de tus colaboradores.
            </Text>
          </div>
          <Anchor component={Link} to={href(paths.hr.benefits)} fw={600}>
            <Group gap={4} wrap="nowrap">
              Ir a beneficios <IconArrowRight size={16} />
            </Group>
          </Anchor>
        </Group>
      </Card>
    </Stack>
  );
}
