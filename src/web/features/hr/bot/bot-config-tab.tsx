import { useEffect } from 'react';
import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCheck, IconClock, IconInfoCircle, IconX } from '@tabler/icons-react';
import { ANALYSIS_FREQUENCY_LABELS, DEFAULT_BOT_INSTRUCTIONS } from '#domain/bot';
import { optionsOf } from '#domain/labelled';
import { formatDate, formatDateTime } from '#domain/dates';
import { errorMessage } from '#domain/errors';
import { botConfigInputSchema, type BotConfigInput, type BotSettings } from '#domain/schemas/bot';
import { useSaveBotSettings } from '#web/api/bot';
import type { useBanner } from '#web/components/banner';
import { useSchemaForm } from '#web/components/form-modal';

type FormValues = {
  botEnabled: boolean;
  whatsappNumber: string;
  analysisFrequency: BotConfigInput['analysisFrequency'];
  stressKeywords: string[];
  wellbeingIndicators: string[];
  instructions: string;
  checkInTemplate: string;
  checkInLanguage: string;
  checkInWindows: string[];
};

const valuesOf = (settings: BotSettings): FormValues => ({
  botEnabled: settings.botEnabled,
  whatsappNumber: settings.whatsappNumber ?? '',
  analysisFrequency: settings.analysisFrequency,
  stressKeywords: settings.stressKeywords,
  wellbeingIndicators: settings.wellbeingIndicators,
  instructions: settings.instructions,
  checkInTemplate: settings.checkInTemplate,
  checkInLanguage: settings.checkInLanguage,
  checkInWindows: settings.checkInWindows,
});

/** Level 1's answer to the latest saved configuration, and what runs meanwhile (decision 242). */
function RequestStatus({ request, savedOff }: { request: NonNullable<BotSettings['request']>; savedOff: boolean }) {
  if (request.status === 'pending') {
    return (
      <Alert color="yellow" icon={<IconClock size={18} />} title="Pendiente de aprobación">
        Guardaste esta configuración el {formatDateTime(request.createdAt)}. Entrará en vigor cuando la administración de Jobby la apruebe; mientras tanto sigue vigente la configuración aprobada
        anteriormente.{savedOff ? ' El bot ya quedó apagado: apagarlo no espera aprobación.' : ''}
      </Alert>
    );
  }
  if (request.status === 'rejected') {
    return (
      <Alert color="red" icon={<IconX size={18} />} title="Configuración rechazada">
        La administración de Jobby rechazó la configuración que guardaste el {formatDateTime(request.createdAt)}. Motivo: {request.reason}. Sigue vigente la configuración aprobada anteriormente;
        corrígela y guárdala de nuevo.
      </Alert>
    );
  }
  return (
    <Alert color="green" icon={<IconCheck size={18} />} title="Configuración aprobada">
      La administración de Jobby aprobó esta configuración{request.decidedAt ? ` el ${formatDateTime(request.decidedAt)}` : ''}. Es la que está vigente.
    </Alert>
  );
}

/**
 * Whether WhatsApp works for the company, in what HR can see and do (decision 243): the
 * technical setup (secrets, webhook, Meta's console) is level 1's, in docs/operations.md.
 */
function ConnectionCard({ connection }: { connection: BotSettings['connection'] }) {
  const state = !connection.canSend ? 'record' : connection.lastOutboundFailed ? 'failing' : 'working';
  const badge = { working: { color: 'green', label: 'Funcionando' }, failing: { color: 'red', label: 'Con problemas' }, record: { color: 'yellow', label: 'Sin envío de mensajes' } }[state];
  return (
    <Card padding="lg" withBorder>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            Conexión con WhatsApp
          </Title>
          <Badge color={badge.color} variant="light">
            {badge.label}
          </Badge>
        </Group>
        {state === 'record' && (
          <Text size="sm">
            Jobby todavía no envía mensajes por WhatsApp: las respuestas y los check-ins quedan registrados aquí, pero no llegan a tus colaboradores. Pide a la administración de Jobby que complete la
            conexión con WhatsApp.
          </Text>
        )}
        {state === 'failing' && (
          <Text size="sm">
            El último envío{connection.lastOutboundAt ? ` (${formatDateTime(connection.lastOutboundAt)})` : ''} no llegó a WhatsApp. Pide a la administración de Jobby que revise la conexión; tus
            colaboradores pueden seguir escribiendo y sus mensajes se registran.
          </Text>
        )}
        {state === 'working' && <Text size="sm">Jobby envía los mensajes del bot por WhatsApp{connection.lastOutboundAt ? `; el último salió el ${formatDateTime(connection.lastOutboundAt)}` : ''}.</Text>}
        <Text size="sm">
          {connection.lastInboundAt
            ? `Último mensaje recibido de un colaborador: ${formatDateTime(connection.lastInboundAt)}.`
            : 'Aún no llegan mensajes de tus colaboradores. Si ya escribieron al número de tu empresa y no aparecen en «Perfiles de Empleados», pide a la administración de Jobby que revise la conexión.'}
        </Text>
        <Text size="sm" c="dimmed">
          Registra el número de WhatsApp de cada colaborador en «Perfiles de Empleados»: el bot solo recibe mensajes de números conocidos y solo inicia conversaciones con ellos.
        </Text>
      </Stack>
    </Card>
  );
}

/** 'Configuración' (spec part 2 §2, §3 "Bot config"): HR's settings, level 1's answer, check-ins and whether WhatsApp works. */
export function BotConfigTab({ settings, banner }: { settings: BotSettings; banner: ReturnType<typeof useBanner> }) {
  const form = useSchemaForm<FormValues>(botConfigInputSchema, valuesOf(settings));
  const save = useSaveBotSettings();
  const { setValues, resetDirty } = form;
  useEffect(() => {
    setValues(valuesOf(settings));
    resetDirty(valuesOf(settings));
    // Only when the server's settings change (after a save or a reload), not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings]);

  const submit = (values: FormValues) =>
    save.mutate(values, {
      onSuccess: () => banner.showSuccess('Configuración guardada exitosamente'),
      onError: () => banner.showError(errorMessage('BOT_CONFIG_SAVE_FAILED')),
    });

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="lg">
        {settings.request && <RequestStatus request={settings.request} savedOff={!settings.botEnabled} />}
        <Card padding="lg" withBorder>
          <Stack gap="md">
            <Group gap="xs">
              <Text size="sm" fw={600}>
                Estado del bot:
              </Text>
              <Badge color={settings.activeNow ? 'green' : 'gray'} variant="light">
                {settings.activeNow ? 'Activo' : 'Inactivo'}
              </Badge>
            </Group>
            {!settings.access && (
              <Alert color="yellow" icon={<IconInfoCircle size={18} />} title="Bot sin acceso">
                La administración de Jobby aún no habilita el bot para tu empresa. Puedes preparar la configuración, pero no activarlo.
              </Alert>
            )}
            <Switch
              label="Bot de bienestar activo"
              description={settings.access && settings.accessSince ? `Acceso habilitado por Jobby desde ${formatDate(settings.accessSince)}` : 'Requiere el acceso habilitado por Jobby'}
              disabled={!settings.access}
              {...form.getInputProps('botEnabled', { type: 'checkbox' })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Número de WhatsApp" placeholder="+56 9 1234 5678" description="Formato internacional (E.164)" {...form.getInputProps('whatsappNumber')} />
              <Select
                label="Frecuencia de análisis"
                data={optionsOf(ANALYSIS_FREQUENCY_LABELS)}
                allowDeselect={false}
                {...form.getInputProps('analysisFrequency')}
              />
            </SimpleGrid>
            <TagsInput label="Palabras clave de estrés" description="Palabras propias de tu empresa que indican estrés (Enter para agregar)" placeholder="Ej.: turno de noche" {...form.getInputProps('stressKeywords')} />
            <TagsInput label="Indicadores de bienestar" description="Palabras que indican bienestar (Enter para agregar)" placeholder="Ej.: pausa activa" {...form.getInputProps('wellbeingIndicators')} />
            <Textarea label="Instrucciones del bot" autosize minRows={5} maxRows={12} {...form.getInputProps('instructions')} />
            <Title order={2} size="h5" mt="xs">
              Check-ins: el bot inicia la conversación
            </Title>
            <Text size="sm" c="dimmed">
              De lunes a viernes, en uno de los horarios de contacto, Jobby escribe a cada colaborador con número registrado una vez por período de análisis, y no a quien escribió en las últimas 24 horas.
              WhatsApp solo permite iniciar una conversación con una plantilla de mensaje aprobada por Meta.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Plantilla de WhatsApp"
                placeholder="bienestar_checkin"
                description="Nombre exacto de la plantilla aprobada. Vacío: el bot solo responde."
                {...form.getInputProps('checkInTemplate')}
              />
              <TextInput label="Idioma de la plantilla" placeholder="es" description="Código de WhatsApp, por ejemplo es o es_CL" {...form.getInputProps('checkInLanguage')} />
            </SimpleGrid>
            <TagsInput
              label="Horarios de contacto"
              description="Hora de Chile, entre 08:00 y 21:00 (los check-ins salen de lunes a viernes), formato de 24 horas, por ejemplo 10:00-11:00 (Enter para agregar)"
              placeholder="10:00-11:00"
              {...form.getInputProps('checkInWindows')}
            />
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Button variant="default" onClick={() => form.setFieldValue('instructions', DEFAULT_BOT_INSTRUCTIONS)}>
                Usar instrucciones por defecto
              </Button>
              <Group gap="sm">
                {settings.lastSavedAt && (
                  <Text size="xs" c="dimmed">
                    Guardada el {formatDateTime(settings.lastSavedAt)}
                  </Text>
                )}
                <Button type="submit" color="admin" loading={save.isPending}>
                  Guardar
                </Button>
              </Group>
            </Group>
          </Stack>
        </Card>

        <ConnectionCard connection={settings.connection} />
      </Stack>
    </form>
  );
}
