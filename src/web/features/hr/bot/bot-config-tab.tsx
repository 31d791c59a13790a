import { useEffect } from 'react';
import { Alert, Button, Card, Code, Group, List, Select, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ANALYSIS_FREQUENCIES, ANALYSIS_FREQUENCY_LABELS, DEFAULT_BOT_INSTRUCTIONS } from '../../../../domain/bot';
import { formatDate, formatDateTime } from '../../../../domain/dates';
import { errorMessage } from '../../../../domain/errors';
import { botConfigInputSchema, type BotConfigInput, type BotSettings } from '../../../../domain/schemas/bot';
import { useSaveBotSettings } from '../../../api/bot';
import type { useBanner } from '../../../components/banner';
import { useSchemaForm } from '../../../components/form-modal';

type FormValues = { botEnabled: boolean; whatsappNumber: string; analysisFrequency: BotConfigInput['analysisFrequency']; stressKeywords: string[]; wellbeingIndicators: string[]; instructions: string };

const valuesOf = (settings: BotSettings): FormValues => ({
  botEnabled: settings.botEnabled,
  whatsappNumber: settings.whatsappNumber ?? '',
  analysisFrequency: settings.analysisFrequency,
  stressKeywords: settings.stressKeywords,
  wellbeingIndicators: settings.wellbeingIndicators,
  instructions: settings.instructions,
});

/** 'Configuración' (part 2 §2, §3 "Bot config"): HR's settings, and how to connect WhatsApp Cloud API. */
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
        <Card padding="lg" withBorder>
          <Stack gap="md">
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
                data={ANALYSIS_FREQUENCIES.map((value) => ({ value, label: ANALYSIS_FREQUENCY_LABELS[value] }))}
                allowDeselect={false}
                {...form.getInputProps('analysisFrequency')}
              />
            </SimpleGrid>
            <TagsInput label="Palabras clave de estrés" description="Palabras propias de tu empresa que indican estrés (Enter para agregar)" placeholder="Ej.: turno de noche" {...form.getInputProps('stressKeywords')} />
            <TagsInput label="Indicadores de bienestar" description="Palabras que indican bienestar (Enter para agregar)" placeholder="Ej.: pausa activa" {...form.getInputProps('wellbeingIndicators')} />
            <Textarea label="Instrucciones del bot" autosize minRows={5} maxRows={12} {...form.getInputProps('instructions')} />
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

        <Card padding="lg" withBorder>
          <Stack gap="sm">
            <Title order={4}>Integración con WhatsApp</Title>
            <Text size="sm">Conecta el número de tu empresa con WhatsApp Cloud API para que los mensajes de tus colaboradores lleguen a Jobby:</Text>
            <List size="sm" type="ordered" spacing={6}>
              <List.Item>En tu app de Meta for Developers, agrega el producto WhatsApp y registra el número configurado arriba.</List.Item>
              <List.Item>
                En WhatsApp → Configuración → Webhook, usa como URL de devolución de llamada:
                <Code block mt={4} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {settings.webhookUrl}
                </Code>
                y como token de verificación el que te entrega Jobby: <Code>WHATSAPP_VERIFY_TOKEN</Code>.
              </List.Item>
              <List.Item>
                Suscribe el campo <Code>messages</Code>. Cada entrega llega firmada en el encabezado <Code>{settings.signatureHeader}</Code> (HMAC-SHA256 con el secreto de la app,{' '}
                <Code>WHATSAPP_APP_SECRET</Code>); Jobby rechaza lo que no venga firmado.
              </List.Item>
              <List.Item>Registra el número de WhatsApp de cada colaborador en la pestaña «Perfiles de Empleados»: solo se guardan mensajes de números conocidos.</List.Item>
            </List>
          </Stack>
        </Card>
      </Stack>
    </form>
  );
}
