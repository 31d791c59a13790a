import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconInbox, IconX } from '@tabler/icons-react';
import { ANALYSIS_FREQUENCY_LABELS, CHECK_IN_HOURS_RULE, isWithinCheckInHours, parseCheckInWindow } from '#domain/bot';
import { formatDateTime } from '#domain/dates';
import { errorMessage } from '#domain/errors';
import { botRequestRejectBodySchema, type BotRequest } from '#domain/schemas/bot';
import { ApiError, messageOf } from '../../api/client';
import { useBotRequests, useDecideBotRequest } from '../../api/bot';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, pageCount } from '../../components/data-table';
import { ErrorState } from '../../components/error-state';
import { FormModal, useFormOnOpen, useSchemaForm } from '../../components/form-modal';

const PAGE_SIZE = 6;

/** The server's own message for a refusal it explains ('Esta solicitud ya fue respondida'); a general one otherwise. */
const decideErrorText = (error: unknown) => (error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : errorMessage('BOT_REQUEST_DECIDE_FAILED'));

const list = (items: string[]) => (items.length > 0 ? items.join(', ') : '—');

/**
 * The check-in windows and the rule that bounds them (decision 357): Monday to Friday, 08:00–21:00 in
 * Chile. A window saved before the rule that reaches outside those hours is pointed out; the job uses
 * only its part inside them.
 */
function CheckInWindows({ windows }: { windows: string[] }) {
  const outside = windows.filter((text) => {
    const window = parseCheckInWindow(text);
    return window !== null && !isWithinCheckInHours(window);
  });
  return (
    <Stack gap={2}>
      <Text size="sm">
        {windows.length > 0 ? windows.map((text) => text.replace('-', '–')).join(' y ') : '—'}
      </Text>
      <Text size="xs" c="dimmed">
        {CHECK_IN_HOURS_RULE}
      </Text>
      {outside.length > 0 && (
        <Text size="xs" c="orange.8">
          {`${outside.join(', ')} sale de ese horario: solo se usará la parte entre las 08:00 y las 21:00.`}
        </Text>
      )}
    </Stack>
  );
}

/** What a request would put in effect, field by field, as HR named them. */
function ConfigSummary({ request }: { request: BotRequest }) {
  const { config } = request;
  const rows: Array<[string, ReactNode]> = [
    ['Bot', config.botEnabled ? 'Activo' : 'Inactivo'],
    ['Número de WhatsApp', config.whatsappNumber ?? '—'],
    ['Frecuencia de análisis', ANALYSIS_FREQUENCY_LABELS[config.analysisFrequency]],
    ['Plantilla de check-in', config.checkInTemplate ? `${config.checkInTemplate} (${config.checkInLanguage})` : 'Sin plantilla: el bot solo responde'],
    ['Horarios de contacto', <CheckInWindows windows={config.checkInWindows} />],
    ['Palabras clave de estrés', list(config.stressKeywords)],
    ['Indicadores de bienestar', list(config.wellbeingIndicators)],
  ];
  return (
    <Stack gap={6}>
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" w={170} style={{ flexShrink: 0 }}>
            {label}
          </Text>
          {typeof value === 'string' ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          ) : (
            <div style={{ minWidth: 0 }}>{value}</div>
          )}
        </Group>
      ))}
      {/* The instructions are long: folded by the browser's own disclosure widget (no extra CSS). */}
      <details>
        <Text component="summary" size="sm" c="dimmed" style={{ cursor: 'pointer' }}>
          Instrucciones
        </Text>
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {request.instructions}
        </Text>
      </details>
    </Stack>
  );
}

function RequestCard({ request, onApprove, onReject }: { request: BotRequest; onApprove: () => void; onReject: () => void }) {
  return (
    <Card padding="lg" withBorder component="article" aria-label={`Solicitud de ${request.companyName}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {request.companyName}
            </Text>
            <Text size="xs" c="dimmed">
              Enviada el {formatDateTime(request.createdAt)}
              {request.createdByName ? ` por ${request.createdByName}` : ''}
            </Text>
          </div>
          <Badge color="yellow" variant="light" style={{ flexShrink: 0 }}>
            Pendiente
          </Badge>
        </Group>
        <ConfigSummary request={request} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" color="red" leftSection={<IconX size={16} />} onClick={onReject} aria-label={`Rechazar la solicitud de ${request.companyName}`}>
            Rechazar
          </Button>
          <Button color="admin" leftSection={<IconCheck size={16} />} onClick={onApprove} aria-label={`Aprobar la solicitud de ${request.companyName}`}>
            Aprobar
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function RejectModal({ request, onClose, onRejected }: { request: BotRequest | null; onClose: () => void; onRejected: (request: BotRequest) => void }) {
  const form = useSchemaForm<{ reason: string }>(botRequestRejectBodySchema, { reason: '' });
  const decide = useDecideBotRequest();
  useFormOnOpen(form, { opened: request !== null, source: request, valuesFor: () => ({ reason: '' }), resetAnswer: decide.reset });
  return (
    <FormModal
      opened={request !== null}
      title="Rechazar la configuración"
      form={form}
      submitLabel="Rechazar"
      isSubmitting={decide.isPending}
      error={decide.isError ? decideErrorText(decide.error) : null}
      onClose={onClose}
      onSubmit={(values) => request && decide.mutate({ id: request.id, reject: values }, { onSuccess: () => onRejected(request) })}
    >
      <Text size="sm" c="dimmed">
        RR.HH. de <strong>{request?.companyName}</strong> verá el motivo junto a su configuración. Seguirá vigente la configuración aprobada anteriormente.
      </Text>
      <Textarea label="Motivo del rechazo" withAsterisk autosize minRows={3} data-autofocus {...form.getInputProps('reason')} />
    </FormModal>
  );
}

/**
 * Level 1's queue of saved bot configurations (decision 242): each pending request with
 * the configuration it carries; 'Aprobar' puts it in effect (after confirmation), 'Rechazar' asks why.
 */
export function BotRequestsSection({ search, onDone }: { search: string; onDone: (message: string, isError?: boolean) => void }) {
  const [page, setPage] = useState(1);
  const [lastSearch, setLastSearch] = useState(search);
  if (search !== lastSearch) {
    setLastSearch(search);
    setPage(1);
  }
  const requests = useBotRequests({ status: 'pending', search, page, pageSize: PAGE_SIZE });
  const decide = useDecideBotRequest();
  const [approving, setApproving] = useState<BotRequest | null>(null);
  const [rejecting, setRejecting] = useState<BotRequest | null>(null);

  const approve = (request: BotRequest) =>
    decide.mutate(
      { id: request.id },
      {
        onSuccess: () => onDone(`Configuración de ${request.companyName} aprobada: ya está vigente`),
        onError: (error) => onDone(decideErrorText(error), true),
        onSettled: () => setApproving(null),
      },
    );

  const total = requests.data?.total ?? 0;
  return (
    <Stack gap="sm" component="section" aria-labelledby="bot-requests-title">
      <Group gap="xs">
        <Title order={2} size="h3" id="bot-requests-title">
          Solicitudes de configuración
        </Title>
        {total > 0 && (
          <Badge color="yellow" variant="light" aria-label={`${total} pendientes`}>
            {total}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        Cada vez que RR.HH. guarda la configuración del bot, llega aquí. Entra en vigor cuando la apruebas; mientras tanto rige la última aprobada.
      </Text>
      {requests.isError ? (
        <ErrorState message={messageOf(requests.error)} onRetry={() => void requests.refetch()} />
      ) : requests.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton height={260} radius="md" />
          <Skeleton height={260} radius="md" />
        </SimpleGrid>
      ) : requests.data.items.length === 0 ? (
        <Card withBorder padding="sm">
          {search ? (
            <EmptyState icon={<IconInbox size={28} />} title="Ninguna solicitud pendiente coincide con la búsqueda" />
          ) : (
            <EmptyState icon={<IconInbox size={28} />} title="No hay solicitudes pendientes" description="Cuando una empresa guarde la configuración de su bot, la verás aquí para aprobarla o rechazarla." />
          )}
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {requests.data.items.map((request) => (
            <RequestCard key={request.id} request={request} onApprove={() => setApproving(request)} onReject={() => setRejecting(request)} />
          ))}
        </SimpleGrid>
      )}
      {total > PAGE_SIZE && (
        <Group justify="center">
          <Pagination total={pageCount(total, PAGE_SIZE)} value={page} onChange={setPage} />
        </Group>
      )}
      <ConfirmDialog
        opened={approving !== null}
        title="Aprobar la configuración"
        message={`¿Aprobar la configuración del bot de ${approving?.companyName ?? ''}? Entrará en vigor de inmediato.`}
        confirmLabel="Aprobar"
        isLoading={decide.isPending}
        onConfirm={() => approving && approve(approving)}
        onCancel={() => setApproving(null)}
      />
      <RejectModal
        request={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={(request) => {
          setRejecting(null);
          onDone(`Configuración de ${request.companyName} rechazada`);
        }}
      />
    </Stack>
  );
}
