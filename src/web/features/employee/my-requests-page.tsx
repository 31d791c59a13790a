import { useState } from 'react';
import { ActionIcon, Badge, Box, Button, CopyButton, Group, Pagination, Paper, Skeleton, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCoins, IconCopy, IconInbox } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '#domain/dates';
import type { BenefitRequest } from '#domain/schemas/economy';
import { useMyRequests, type MyRequestsFilter } from '../../api/employee';
import { useOnline } from '../../api/offline-snapshot';
import { RequestStatusBadge } from '../../components/badges';
import { CounterCode, ExpiredCode } from '../../components/counter-code';
import { ErrorState } from '../../components/error-state';
import { OfflineNotice } from '../../components/offline-notice';
import { ACCENTS } from './benefit-accent';
import { PageIntro, PageNotice } from './benefit-grid';
import { tokens } from '#domain/plural';
import { href, paths } from '#domain/paths';

const PAGE_SIZE = 20;

/** /level3/requests: the employee's own requests, tabs Todas and Pendientes with counts (spec part 2 §2). */
export function MyRequestsPage() {
  const [tab, setTab] = useState<MyRequestsFilter>('all');
  const [pages, setPages] = useState<Record<MyRequestsFilter, number>>({ all: 1, pending: 1 });
  // 'Todas' is always read: its answer also carries the counts of both tabs.
  const all = useMyRequests({ filter: 'all', limit: PAGE_SIZE, offset: (pages.all - 1) * PAGE_SIZE });
  const pending = useMyRequests({ filter: 'pending', limit: PAGE_SIZE, offset: (pages.pending - 1) * PAGE_SIZE }, { enabled: tab === 'pending' });

  const setPage = (filter: MyRequestsFilter, page: number) => setPages((p) => ({ ...p, [filter]: page }));
  const online = useOnline();

  return (
    <Stack gap="lg" maw={1100}>
      <PageIntro title="Mis solicitudes">El historial de tus canjes: su estado y, cuando están aprobados, el código para usarlos.</PageIntro>
      {!online && <OfflineNotice updatedAt={all.dataUpdatedAt} />}
      {/* brand.7: white on the dark scheme's primary shade (brand.4) is 4.2:1, below WCAG AA. */}
      <Tabs value={tab} onChange={(v) => setTab((v as MyRequestsFilter) ?? 'all')} variant="pills" radius="xl" color="brand.7" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="all" rightSection={<CountBadge value={all.data?.total} active={tab === 'all'} />}>
            Todas
          </Tabs.Tab>
          <Tabs.Tab value="pending" rightSection={<CountBadge value={all.data?.pendingCount ?? pending.data?.pendingCount} active={tab === 'pending'} />}>
            Pendientes
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="all">
          <RequestList query={all} filter="all" page={pages.all} onPage={(p) => setPage('all', p)} />
        </Tabs.Panel>
        <Tabs.Panel value="pending">
          <RequestList query={pending} filter="pending" page={pages.pending} onPage={(p) => setPage('pending', p)} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function CountBadge({ value, active }: { value: number | undefined; active: boolean }) {
  return (
    <Badge size="sm" radius="xl" variant={active ? 'white' : 'light'} color="brand" data-testid="tab-count">
      {value ?? '…'}
    </Badge>
  );
}

function RequestList({ query, filter, page, onPage }: { query: ReturnType<typeof useMyRequests>; filter: MyRequestsFilter; page: number; onPage: (page: number) => void }) {
  // Offline with nothing kept for this tab: the page's notice says why; no skeleton that never ends.
  if (query.isPending && query.fetchStatus === 'paused') return null;
  if (query.isPending) {
    return (
      <Stack gap="sm" role="status" aria-live="polite" aria-label="Cargando solicitudes...">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={76} radius={18} />
        ))}
      </Stack>
    );
  }
  if (query.isError) return <ErrorState message="Error al cargar las solicitudes" onRetry={() => void query.refetch()} />;

  const { items, total } = query.data;
  if (items.length === 0) {
    return filter === 'pending' ? (
      <PageNotice icon={<IconInbox size={28} />} title="No tienes solicitudes pendientes" description="Todas tus solicitudes ya fueron revisadas." />
    ) : (
      <PageNotice
        icon={<IconInbox size={28} />}
        title="Aún no tienes solicitudes"
        description="Cuando canjees un beneficio, aquí verás su estado y tu código."
        action={
          <Group gap="sm" justify="center">
            <Button component={Link} to={href(paths.employee.benefits)} radius="xl">
              Ver beneficios flexibles
            </Button>
            <Button component={Link} to={href(paths.employee.companyBenefits)} radius="xl" variant="default">
              Beneficios de mi empresa
            </Button>
          </Group>
        }
      />
    );
  }

  const pageCount = Math.ceil(total / PAGE_SIZE);
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none', opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-label="Solicitudes">
        {items.map((request) => (
          <RequestRow key={request.id} request={request} />
        ))}
      </Stack>
      {pageCount > 1 && (
        <Group justify="center" mt="sm">
          <Pagination value={page} onChange={onPage} total={pageCount} radius="xl" getControlProps={(control) => ({ 'aria-label': control === 'next' ? 'Página siguiente' : 'Página anterior' })} />
        </Group>
      )}
    </Stack>
  );
}

/** One request as a list item: name, badge, date, cost, status and, once approved, its code. */
export function RequestRow({ request }: { request: BenefitRequest }) {
  const accent = request.isBenefitJobby ? ACCENTS.platform : ACCENTS.company;
  return (
    <Paper component="li" radius={18} p="md" withBorder data-testid="request-row" style={{ background: 'var(--mantine-color-body)' }}>
      <Group justify="space-between" align="center" gap="md">
        <Box style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Group gap={8} mb={2}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {request.benefitName}
            </Text>
            <Badge size="sm" radius="xl" style={{ background: accent.gradient, color: accent.onGradient }}>
              {accent.badge}
            </Badge>
          </Group>
          <Group gap="md">
            <Text size="sm" c="dimmed">
              {formatDateTime(request.requestDate)}
            </Text>
            <Group gap={4} wrap="nowrap">
              <IconCoins size={14} aria-hidden color="var(--mantine-color-dimmed)" />
              <Text size="sm" c="dimmed">
                {tokens(request.tokenCost)}
              </Text>
            </Group>
          </Group>
          {/* What the approver said to do with the code (spec part 1 §4), and why a rejection happened. */}
          {request.status === 'approved' && request.adminInstructions && (
            <Text size="sm" mt={4} data-testid="request-instructions">
              <Text span fw={600}>
                Instrucciones:
              </Text>{' '}
              {request.adminInstructions}
            </Text>
          )}
          {request.status === 'rejected' && request.decisionNote && (
            <Text size="xs" c="dimmed" mt={4}>
              {request.decisionNote}
            </Text>
          )}
        </Box>
        <Group gap="sm" align="center" wrap="wrap" justify="flex-end">
          {request.status === 'approved' && request.code && request.code.status !== 'active' && <RequestCode code={request.code} />}
          <RequestStatusBadge status={request.status} audience="employee" size="lg" radius="xl" />
        </Group>
      </Group>
      {/* An active code is shown to be used: its QR, the characters, where and until when. */}
      {request.status === 'approved' && request.code?.status === 'active' && (
        <Group mt="sm" gap="xs" align="center" wrap="nowrap">
          <CounterCode
            code={request.code.code}
            expiresAt={request.code.expiresAt}
            providerName={request.code.providerName}
            providerAddress={request.code.providerAddress}
            providerInstructions={request.code.providerInstructions}
            codeTestId="request-code"
          />
          <CopyCodeButton code={request.code.code} />
        </Group>
      )}
    </Paper>
  );
}

function RequestCode({ code }: { code: NonNullable<BenefitRequest['code']> }) {
  if (code.status === 'used') {
    return (
      <Badge size="lg" radius="xl" variant="light" color="gray" data-testid="request-code-used">
        Utilizado
      </Badge>
    );
  }
  // The server says whether it expired (the database clock), never the device's clock.
  return <ExpiredCode code={code.code} expiresAt={code.expiresAt} codeTestId="request-code" />;
}

function CopyCodeButton({ code }: { code: string }) {
  return (
    <CopyButton value={code} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Código copiado' : 'Copiar código'}>
          <ActionIcon variant="subtle" color={copied ? 'green' : 'gray'} onClick={copy} aria-label={copied ? 'Código copiado' : `Copiar código ${code}`}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
