import '@mantine/charts/styles.css';
import { useState } from 'react';
import { LineChart } from '@mantine/charts';
import { Badge, Button, Card, Center, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconGauge, IconMessages, IconShieldCheck } from '@tabler/icons-react';
import { ANALYSIS_FREQUENCY_LABELS, STRESS_ALERT_THRESHOLD } from '#domain/bot';
import { formatDate, formatDateTime } from '#domain/dates';
import { alertActionBodySchema, type BotAlert } from '#domain/schemas/bot';
import { messageOf } from '#web/api/client';
import { useBotAlerts, useBotAnalytics, useTakeAlertAction } from '#web/api/bot';
import type { useBanner } from '#web/components/banner';
import { DataTable, pagedTableProps, type DataTableColumn } from '#web/components/data-table';
import { actionsColumn, dateTimeColumn } from '#web/components/data-table-columns';
import { ErrorState } from '#web/components/error-state';
import { FormModal, useSchemaForm } from '#web/components/form-modal';
import { StatCardRow } from '#web/components/stat-cards';
import { StressBadge } from './stress-badge';

const PAGE_SIZE = 10;

function ActionModal({ alert, onClose, onDone }: { alert: BotAlert | null; onClose: () => void; onDone: () => void }) {
  const form = useSchemaForm<{ actionTaken: string }>(alertActionBodySchema, { actionTaken: '' });
  const take = useTakeAlertAction();
  const close = () => {
    form.reset();
    take.reset();
    onClose();
  };
  return (
    <FormModal
      opened={alert !== null}
      title={`Tomar Acción: ${alert?.employeeName ?? ''}`}
      form={form}
      submitLabel="Registrar acción"
      isSubmitting={take.isPending}
      error={take.isError ? messageOf(take.error) : null}
      onClose={close}
      onSubmit={(values) =>
        alert &&
        take.mutate(
          { alertId: alert.id, values },
          {
            onSuccess: () => {
              form.reset();
              onDone();
            },
          },
        )
      }
    >
      <Text size="sm" c="dimmed">
        Describe qué hiciste (por ejemplo, una conversación o un ajuste de carga). La alerta quedará como atendida, con tu nombre y la fecha.
      </Text>
      <Textarea label="Acción tomada" autosize minRows={3} data-autofocus {...form.getInputProps('actionTaken')} />
    </FormModal>
  );
}

/** 'Análisis y Alertas': three figures, the trend over analysis periods, and the alerts with 'Tomar Acción'. */
export function BotAlertsTab({ banner }: { banner: ReturnType<typeof useBanner> }) {
  const [page, setPage] = useState(1);
  const alerts = useBotAlerts({ page, pageSize: PAGE_SIZE });
  const analytics = useBotAnalytics();
  const [acting, setActing] = useState<BotAlert | null>(null);
  const figures = analytics.data;

  const columns: DataTableColumn<BotAlert>[] = [
    { key: 'employee', header: 'Colaborador', render: (a) => (<div><Text fw={600}>{a.employeeName}</Text><Text size="xs" c="dimmed">{a.employeeEmail}</Text></div>) },
    { key: 'score', header: 'Estrés al abrirse', noWrap: true, render: (a) => <StressBadge score={a.stressScore} /> },
    dateTimeColumn('raised', 'Fecha', (a) => a.raisedAt),
    {
      key: 'status',
      header: 'Estado',
      render: (a) =>
        a.status === 'open' ? (
          <Badge miw="max-content" variant="danger">Abierta</Badge>
        ) : (
          <div>
            <Badge miw="max-content" variant="success">Atendida</Badge>
            <Text size="xs" c="dimmed" mt={4}>
              {a.handledByName} · {a.handledAt ? formatDateTime(a.handledAt) : ''}
            </Text>
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>{a.actionTaken}</Text>
          </div>
        ),
    },
    actionsColumn((a) =>
      a.status === 'open' ? (
        <Button size="xs" color="red" onClick={() => setActing(a)} aria-label={`Tomar Acción con ${a.employeeName}`}>
          Tomar Acción
        </Button>
      ) : null),
  ];

  const trend = (figures?.trend ?? []).map((point) => ({ periodo: formatDate(point.periodStart), 'Estrés promedio': point.averageScore, 'En alerta': point.employeesOnAlert }));

  return (
    <Stack gap="lg">
      {analytics.isError ? (
        <ErrorState message={messageOf(analytics.error)} onRetry={() => void analytics.refetch()} />
      ) : (
        <StatCardRow
          isLoading={analytics.isPending}
          items={[
            { label: 'Estrés promedio', value: figures?.averageScore?.toLocaleString('es-CL') ?? '—', description: 'De 1 (bajo) a 10 (alto), entre quienes tienen datos', icon: <IconGauge size={22} /> },
            { label: 'Colaboradores en alerta', value: figures?.employeesOnAlert ?? 0, description: `Alertas abiertas (puntaje ${STRESS_ALERT_THRESHOLD} o más)`, icon: <IconAlertTriangle size={22} />, color: 'red' },
            { label: 'Conversaciones del período', value: figures?.conversationsThisPeriod ?? 0, description: figures ? `Período ${ANALYSIS_FREQUENCY_LABELS[figures.analysisFrequency].toLowerCase()} desde el ${formatDate(figures.periodStart)}` : 'Período actual', icon: <IconMessages size={22} />, color: 'blue' },
          ]}
        />
      )}
      <Card padding="lg" withBorder>
        <Title order={4} mb="sm">
          Tendencia por período
        </Title>
        {analytics.isPending ? (
          <Skeleton height={220} />
        ) : trend.length === 0 ? (
          <Center h={160}>
            <Text c="dimmed">Aún no hay mensajes analizados.</Text>
          </Center>
        ) : (
          <LineChart
            h={240}
            data={trend}
            dataKey="periodo"
            yAxisProps={{ domain: [0, 10] }}
            series={[
              { name: 'Estrés promedio', color: 'orange.6' },
              { name: 'En alerta', color: 'red.6' },
            ]}
            curveType="monotone"
            withLegend
            connectNulls
          />
        )}
      </Card>
      <Stack gap={4}>
        <Title order={4}>Alertas</Title>
        <Text size="sm" c="dimmed">
          El puntaje de una alerta es el que tenía el perfil cuando se abrió. El puntaje actual de «Perfiles de Empleados» se recalcula con cada mensaje, como promedio del período de análisis, por eso
          puede ser distinto.
        </Text>
      </Stack>
      <DataTable<BotAlert>
        label="Alertas"
        columns={columns}
        {...pagedTableProps(alerts)}
        rowKey={(a) => a.id}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        empty={{ icon: <IconShieldCheck size={28} />, title: 'Sin alertas', description: `Aparecerá una alerta cuando un colaborador llegue a un puntaje de estrés de ${STRESS_ALERT_THRESHOLD} o más.` }}
      />
      <ActionModal
        alert={acting}
        onClose={() => setActing(null)}
        onDone={() => {
          setActing(null);
          banner.showSuccess('Acción registrada: la alerta quedó atendida');
        }}
      />
    </Stack>
  );
}
