import { useState } from 'react';
import { Box, Card, Center, Group, Pagination, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconBuilding, IconRobot, IconRobotOff, IconSearch, IconUsers } from '@tabler/icons-react';
import { formatDate } from '#domain/dates';
import { errorMessage } from '#domain/errors';
import type { BotAccessCompany } from '#domain/schemas/bot';
import { messageOf } from '../../api/client';
import { useBotAccessList, useSetBotAccess } from '../../api/bot';
import { Banner, useBanner } from '../../components/banner';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { pageCount, useTableSearch } from '../../components/data-table';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { StatCardRow } from '../../components/stat-cards';
import { BotRequestsSection } from './bot-requests-section';
import { plural } from '#domain/plural';

const PAGE_SIZE = 12;

function CompanyBotCard({ company, isSaving, onToggle }: { company: BotAccessCompany; isSaving: boolean; onToggle: () => void }) {
  const on = company.botEnabled;
  return (
    <Card padding="lg" withBorder>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Box w={10} h={10} style={{ borderRadius: '50%', flexShrink: 0 }} bg={on ? 'green.6' : 'gray.5'} aria-hidden />
            <Text fw={700} truncate>
              {company.name}
            </Text>
          </Group>
          <Switch
            checked={on}
            disabled={isSaving}
            onChange={onToggle}
            color="green"
            aria-label={`${on ? 'Deshabilitar' : 'Habilitar'} el bot de ${company.name}`}
          />
        </Group>
        <Group gap={6} c="dimmed">
          <IconUsers size={16} aria-hidden />
          <Text size="sm">{plural(company.userCount, 'usuario', 'usuarios')}</Text>
        </Group>
        <Text size="sm" c={on ? 'green.8' : 'dimmed'} fw={on ? 600 : 400}>
          {on && company.botEnabledAt ? `Habilitado desde ${formatDate(company.botEnabledAt)}` : 'Bot deshabilitado'}
        </Text>
        {on && (
          <Text size="xs" c="dimmed">
            {company.hrBotEnabled ? 'RR.HH. tiene el bot activo' : 'RR.HH. aún no activa el bot'}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** /level1/bot-management (spec part 1 §2 "Bot management", §4): the companies' configuration requests, and bot access per company. */
export function BotManagementPage() {
  const { search, page, setPage, tableProps } = useTableSearch();
  const list = useBotAccessList({ search, page, pageSize: PAGE_SIZE });
  const setAccess = useSetBotAccess();
  const { banner, showError, showSuccess, clear } = useBanner();
  const [turningOff, setTurningOff] = useState<BotAccessCompany | null>(null);

  const toggle = (company: BotAccessCompany, enabled: boolean) =>
    setAccess.mutate(
      { companyId: company.id, enabled },
      {
        onSuccess: () => showSuccess(enabled ? `Bot habilitado para ${company.name}` : `Bot deshabilitado para ${company.name}`),
        onError: () => showError(errorMessage('BOT_ACCESS_UPDATE_FAILED')),
        onSettled: () => setTurningOff(null),
      },
    );

  const stats = list.data?.stats;
  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader title="Gestión del bot" description="Responde las configuraciones que guarda RR.HH. y habilita el bot de bienestar por WhatsApp para cada empresa cliente." />
      <Banner banner={banner} onClose={clear} />
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder="Buscar empresa"
        aria-label="Buscar empresa"
        value={tableProps.search}
        onChange={(event) => tableProps.onSearchChange(event.currentTarget.value)}
        maw={420}
      />
      <BotRequestsSection search={search} onDone={(message, isError) => (isError ? showError(message) : showSuccess(message))} />
      <Title order={2} size="h3">
        Acceso por empresa
      </Title>
      <StatCardRow
        isLoading={list.isPending}
        items={[
          { label: 'Total de empresas', value: stats?.total ?? 0, description: 'Empresas clientes de Jobby', icon: <IconBuilding size={22} /> },
          { label: 'Bot habilitado', value: stats?.enabled ?? 0, description: 'Pueden usar el bot de bienestar', icon: <IconRobot size={22} />, color: 'green' },
          { label: 'Bot deshabilitado', value: stats?.disabled ?? 0, description: 'Sin acceso al bot', icon: <IconRobotOff size={22} />, color: 'gray' },
        ]}
      />
      {list.isError ? (
        <ErrorState message={messageOf(list.error)} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={150} radius="md" />
          ))}
        </SimpleGrid>
      ) : list.data.items.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed">{search ? 'Ninguna empresa coincide con la búsqueda' : 'Aún no hay empresas'}</Text>
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {list.data.items.map((company) => (
            <CompanyBotCard
              key={company.id}
              company={company}
              isSaving={setAccess.isPending && setAccess.variables?.companyId === company.id}
              onToggle={() => (company.botEnabled ? setTurningOff(company) : toggle(company, true))}
            />
          ))}
        </SimpleGrid>
      )}
      {list.data && list.data.total > PAGE_SIZE && (
        <Group justify="center">
          <Pagination total={pageCount(list.data.total, PAGE_SIZE)} value={page} onChange={setPage} />
        </Group>
      )}
      <ConfirmDialog
        opened={turningOff !== null}
        title="Deshabilitar el bot"
        message={`¿Deshabilitar el bot de ${turningOff?.name ?? ''}? Sus mensajes de WhatsApp dejarán de registrarse y RR.HH. no podrá activarlo.`}
        confirmLabel="Deshabilitar"
        isDestructive
        isLoading={setAccess.isPending}
        onConfirm={() => turningOff && toggle(turningOff, false)}
        onCancel={() => setTurningOff(null)}
      />
    </Stack>
  );
}
