import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { webhookEndpointInputSchema, type WebhookEndpoint } from '#domain/schemas/webhooks';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '#domain/webhooks';
import { messageOf } from '../../api/client';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from '../../api/webhooks';
import { FormModal, useFormOnOpen, useSchemaForm } from '../../components/form-modal';

type EndpointFormValues = { url: string; description: string; events: WebhookEventType[] };

const valuesOf = (endpoint: WebhookEndpoint | null): EndpointFormValues =>
  endpoint ? { url: endpoint.url, description: endpoint.description, events: endpoint.events } : { url: 'https://', description: '', events: [] };

type Props = {
  opened: boolean;
  /** The endpoint being edited; null for a new one. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onSaved: (endpoint: WebhookEndpoint, isNew: boolean) => void;
};

/** 'Nuevo endpoint' / 'Editar endpoint': the URL, a description and the events it receives. */
export function WebhookEndpointModal({ opened, endpoint, onClose, onSaved }: Props) {
  const form = useSchemaForm<EndpointFormValues>(webhookEndpointInputSchema, valuesOf(null));
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const save = endpoint ? update : create;
  useFormOnOpen(form, { opened, source: endpoint, valuesFor: valuesOf, resetAnswer: save.reset });

  const submit = (values: EndpointFormValues) => {
    const input = { url: values.url.trim(), description: values.description.trim(), events: values.events };
    if (endpoint) update.mutate({ id: endpoint.id, input }, { onSuccess: (saved) => onSaved(saved, false) });
    else create.mutate(input, { onSuccess: (saved) => onSaved(saved, true) });
  };

  return (
    <FormModal
      opened={opened}
      title={endpoint ? 'Editar endpoint' : 'Nuevo endpoint'}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={endpoint ? 'Guardar cambios' : 'Crear endpoint'}
      isSubmitting={save.isPending}
      error={save.isError ? messageOf(save.error) : null}
    >
      <TextInput
        label="URL"
        description="Debe comenzar con https://. Jobby enviará un POST firmado a esta dirección."
        placeholder="https://nomina.ejemplo.cl/webhooks/jobby"
        required
        inputMode="url"
        {...form.getInputProps('url')}
      />
      <TextInput label="Descripción" placeholder="Ej.: Nómina Buk" {...form.getInputProps('description')} />
      <Checkbox.Group label="Eventos" description="Qué eventos recibe este endpoint." required {...form.getInputProps('events')}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={WEBHOOK_EVENT_LABELS[type]} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </FormModal>
  );
}
