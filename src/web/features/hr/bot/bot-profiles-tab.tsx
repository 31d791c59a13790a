import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconMessageCircle, IconUsers } from '@tabler/icons-react';
import { SENTIMENT_LABELS } from '#domain/bot';
import { formatDateTime } from '#domain/dates';
import { employeePhoneBodySchema, type EmployeeProfile, type BotMessage, type ProfileDetail } from '#domain/schemas/bot';
import { messageOf } from '#web/api/client';
import { useBotProfile, useBotProfiles, useSetEmployeePhone } from '#web/api/bot';
import type { useBanner } from '#web/components/banner';
import { DataTable, pagedTableProps, useTableSearch, type DataTableColumn } from '#web/components/data-table';
import { actionsColumn } from '#web/components/data-table-columns';
import { ErrorState } from '#web/components/error-state';
import { FormModal, useSchemaForm } from '#web/components/form-modal';
import { PageLoader } from '#web/components/page-loader';
import { PurposeNote } from './purpose-note';
import { StressBadge } from './stress-badge';

const PAGE_SIZE = 10;

function MessageBubble({ message }: { message: BotMessage }) {
  const inbound = message.direction === 'inbound';
  return (
    <Paper p="sm" radius="md" maw="85%" ml={inbound ? 0 : 'auto'} bg={inbound ? 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-5))' : 'light-dark(var(--mantine-color-blue-0), var(--mantine-color-dark-4))'}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.body}
      </Text>
      <Group gap={6} mt={6} wrap="wrap">
        <Text size="xs" c="dimmed">
          {inbound ? 'Colaborador' : 'Bot'} · {formatDateTime(message.sentAt)}
        </Text>
        {inbound && message.stressScore !== null && <StressBadge score={message.stressScore} />}
        {inbound && message.sentiment && (
          <Badge size="sm" variant="outline" color="gray">
            {SENTIMENT_LABELS[message.sentiment]}
          </Badge>
        )}
        {inbound && message.stressScore === null && (
          <Text size="xs" c="dimmed">
            Analizando…
          </Text>
        )}
        {!inbound && message.deliveryStatus !== 'sent' && (
          <Text size="xs" c="dimmed">
            {message.deliveryStatus === 'failed' ? 'No se pudo enviar' : 'No enviado: sin transporte configurado'}
          </Text>
        )}
      </Group>
      {inbound && message.detectedKeywords.length > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          Palabras detectadas: {message.detectedKeywords.join(', ')}
        </Text>
      )}
    </Paper>
  );
}

function CheckInAnswer({ answered }: { answered: boolean }) {
  return (
    <Badge size="sm" variant="light" color={answered ? 'green' : 'gray'}>
      {answered ? 'Respondido' : 'Sin respuesta'}
    </Badge>
  );
}

const DELIVERY_LABELS = { sent: 'Enviado', not_sent: 'No enviado: sin transporte configurado', failed: 'No se pudo enviar' } as const;

/** The latest check-ins Jobby started with the employee: when, which template, what WhatsApp did, answered or not. */
function CheckInList({ checkIns }: { checkIns: ProfileDetail['checkIns'] }) {
  if (checkIns.length === 0) return null;
  return (
    <Card withBorder padding="sm">
      <Text size="sm" fw={600} mb="xs">
        Check-ins del bot
      </Text>
      <Stack gap={6}>
        {checkIns.map((checkIn) => (
          <Group key={checkIn.id} gap="xs" wrap="wrap">
            <Text size="sm">{formatDateTime(checkIn.createdAt)}</Text>
            <Text size="xs" c="dimmed">
              Plantilla {checkIn.template} ({checkIn.language}) · {checkIn.deliveryStatus ? DELIVERY_LABELS[checkIn.deliveryStatus] : 'Enviando…'}
            </Text>
            <CheckInAnswer answered={checkIn.answered} />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function ConversationModal({ employee, onClose }: { employee: EmployeeProfile | null; onClose: () => void }) {
  const detail = useBotProfile(employee?.userId ?? null);
  return (
    <Modal opened={employee !== null} onClose={onClose} title={employee ? `Conversaciones de ${employee.name}` : ''} size="lg" centered scrollAreaComponent={ScrollArea.Autosize}>
      {detail.isPending ? (
        <PageLoader />
      ) : detail.isError ? (
        <ErrorState message={messageOf(detail.error)} onRetry={() => void detail.refetch()} />
      ) : detail.data.conversations.length === 0 ? (
        <Stack gap="md">
          <CheckInList checkIns={detail.data.checkIns} />
          <Text c="dimmed" ta="center" py="lg">
            Este colaborador aún no conversa con el bot.
          </Text>
        </Stack>
      ) : (
        <Stack gap="lg">
          <PurposeNote />
          <CheckInList checkIns={detail.data.checkIns} />
          <Group gap="sm">
            <StressBadge score={detail.data.profile.stressScore} />
            <Text size="sm" c="dimmed">
              {detail.data.total === 1 ? '1 conversación' : `${detail.data.total} conversaciones`}
            </Text>
          </Group>
          {detail.data.conversations.map((conversation) => (
            <Card key={conversation.id} withBorder padding="sm">
              <Text size="xs" c="dimmed" mb="xs">
                {formatDateTime(conversation.startedAt)}
              </Text>
              <Stack gap="xs">
                {conversation.messages.map((message) => (
                  <MessageBubble key={message.id} message={message} />
                ))}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Modal>
  );
}

function PhoneModal({ employee, onClose, onSaved }: { employee: EmployeeProfile | null; onClose: () => void; onSaved: (message: string) => void }) {
  const form = useSchemaForm<{ phone: string }>(employeePhoneBodySchema, { phone: employee?.phone ?? '' });
  const save = useSetEmployeePhone();
  const [lastId, setLastId] = useState<string | null>(null);
  if (employee && employee.userId !== lastId) {
    setLastId(employee.userId);
    form.setValues({ phone: employee.phone ?? '' });
    save.reset();
  }
  return (
    <FormModal
      opened={employee !== null}
      title={`Número de WhatsApp de ${employee?.name ?? ''}`}
      form={form}
      submitLabel="Guardar"
      isSubmitting={save.isPending}
      error={save.isError ? messageOf(save.error) : null}
      onClose={onClose}
      onSubmit={(values) => employee && save.mutate({ userId: employee.userId, values }, { onSuccess: () => onSaved('Número de WhatsApp guardado correctamente') })}
    >
      <TextInput label="Número de WhatsApp" placeholder="+56 9 1234 5678" description="Formato internacional; déjalo vacío para quitarlo" data-autofocus {...form.getInputProps('phone')} />
    </FormModal>
  );
}

/** 'Perfiles de Empleados' (spec part 2 §2): every employee with their stress level, conversations and WhatsApp number. */
export function BotProfilesTab({ banner }: { banner: ReturnType<typeof useBanner> }) {
  const { search, page, tableProps } = useTableSearch();
  const profiles = useBotProfiles({ search, page, pageSize: PAGE_SIZE });
  const [viewing, setViewing] = useState<EmployeeProfile | null>(null);
  const [editing, setEditing] = useState<EmployeeProfile | null>(null);

  const columns: DataTableColumn<EmployeeProfile>[] = [
    {
      key: 'name',
      header: 'Colaborador',
      render: (p) => (
        <div>
          <Text fw={600}>{p.name}</Text>
          <Text size="xs" c="dimmed">
            {p.email}
          </Text>
          {/* The number under the name, not a column of its own: the table fits 1366 px with the check-in column. */}
          <Text size="xs" c="dimmed">
            WhatsApp: {p.phone ?? 'sin número'}
          </Text>
        </div>
      ),
    },
    { key: 'stress', header: 'Estrés', noWrap: true, render: (p) => <StressBadge score={p.stressScore} /> },
    { key: 'lastContact', header: 'Último contacto', noWrap: true, render: (p) => (p.lastContact ? formatDateTime(p.lastContact) : '—') },
    { key: 'conversations', header: 'Conversaciones', noWrap: true, render: (p) => p.conversationCount.toLocaleString('es-CL') },
    {
      key: 'checkIn',
      header: 'Último check-in',
      noWrap: true,
      render: (p) =>
        p.lastCheckInAt ? (
          <Stack gap={2} align="flex-start">
            <Text size="sm">{formatDateTime(p.lastCheckInAt)}</Text>
            <CheckInAnswer answered={p.lastCheckInAnswered === true} />
          </Stack>
        ) : (
          '—'
        ),
    },
    actionsColumn((p) => (
      <Group gap={6} justify="flex-end" wrap="nowrap">
        <Button size="xs" variant="light" color="admin" onClick={() => setEditing(p)} aria-label={`Editar el número de ${p.name}`}>
          Editar número
        </Button>
        <Button size="xs" variant="filled" color="admin" leftSection={<IconMessageCircle size={14} />} onClick={() => setViewing(p)} aria-label={`Ver conversaciones de ${p.name}`}>
          Ver
        </Button>
      </Group>
    )),
  ];

  return (
    <Stack gap="md">
      <PurposeNote />
      <DataTable<EmployeeProfile>
        label="Perfiles de Empleados"
        columns={columns}
        {...pagedTableProps(profiles)}
        rowKey={(p) => p.userId}
        pageSize={PAGE_SIZE}
        {...tableProps}
        searchPlaceholder="Buscar por nombre, correo o número"
        empty={{ icon: <IconUsers size={28} />, title: 'Aún no hay colaboradores', description: 'Los colaboradores de tu empresa aparecerán aquí con su nivel de estrés.' }}
        filteredEmpty={{ icon: <IconUsers size={28} />, title: 'Ningún colaborador coincide con la búsqueda' }}
      />
      <ConversationModal employee={viewing} onClose={() => setViewing(null)} />
      <PhoneModal
        employee={editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          banner.showSuccess(message);
        }}
      />
    </Stack>
  );
}
