import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';

/** Any standard-schema validator (a zod 4 schema is one). */
type FormSchema = Parameters<typeof schemaResolver>[0];

/**
 * A Mantine form validated by the same zod schema the server uses (CONVENTIONS "One contract at
 * both ends"), through Mantine 9's standard-schema resolver: the first message of each field is
 * the spec's text, shown under the field before anything is sent.
 */
export function useSchemaForm<Values extends Record<string, unknown>>(schema: FormSchema, initialValues: Values) {
  return useForm<Values>({ mode: 'controlled', initialValues, validate: schemaResolver(schema, { sync: true }) });
}

/**
 * A modal's form starts afresh each time it opens: `valuesFor(source)` as its initial and clean
 * values, no errors, and the save's last answer forgotten (`resetAnswer`, the mutation's `reset`).
 * `source` is what the form edits (null for a new one); a different one while open starts again.
 */
export function useFormOnOpen<Values extends Record<string, unknown>, Source>(
  form: UseFormReturnType<Values>,
  { opened, source, valuesFor, resetAnswer }: { opened: boolean; source: Source; valuesFor: (source: Source) => Values; resetAnswer: () => void },
) {
  const latestValuesFor = useRef(valuesFor);
  latestValuesFor.current = valuesFor;
  const { setInitialValues, setValues, resetDirty, clearErrors } = form;
  useEffect(() => {
    if (!opened) return;
    const values = latestValuesFor.current(source);
    setInitialValues(values);
    setValues(values);
    resetDirty(values);
    clearErrors();
    resetAnswer();
  }, [opened, source, setInitialValues, setValues, resetDirty, clearErrors, resetAnswer]);
}

type FormModalOptions<Values> = {
  opened: boolean;
  title: string;
  form: UseFormReturnType<Values>;
  /** Called with the valid values; the modal stays open while it runs. */
  onSubmit: (values: Values) => void;
  onClose: () => void;
  submitLabel: string;
  isSubmitting?: boolean;
  /** The server's answer when it refused (shown inside the modal, where the person is looking). */
  error?: string | null;
  children: ReactNode;
};

/** A form in a modal (LOOK-AND-FEEL "forms in modals"): the fields, a server error, Cancelar and the submit button. */
export function FormModal<Values>({ opened, title, form, onSubmit, onClose, submitLabel, isSubmitting = false, error, children }: FormModalOptions<Values>) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <form onSubmit={form.onSubmit(onSubmit)} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {children}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancelar
            </Button>
            <Button type="submit" color="admin" loading={isSubmitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
