import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';

/** Any standard-schema validator (a zod 4 schema is one). */
type FormSchema = Parameters<typeof schemaResolver>[0];

/**
 * Each message once: the spec's "all required" texts name several fields ('Los campos
 * Título, Descripción y Tipo son obligatorios'), and written under each of them the form repeated one
 * sentence three times. The first field keeps the words; the others it covers are marked invalid
 * (red, `aria-invalid`) without repeating them.
 */
function oneMessagePerForm(errors: FormErrors): FormErrors {
  const shown = new Set<unknown>();
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => {
      if (typeof message !== 'string') return [field, message];
      if (shown.has(message)) return [field, true];
      shown.add(message);
      return [field, message];
    }),
  );
}

/**
 * A Mantine form validated by the same zod schema the server uses (CONVENTIONS "One contract at
 * both ends"), through Mantine 9's standard-schema resolver: the first message of each field is
 * the spec's text, shown under the field before anything is sent, and each message once.
 * Controlled: every input takes its `value` from the form on each render, so a field needs only
 * `{...form.getInputProps(name)}` — no `key={form.key(name)}`, which only uncontrolled forms (the
 * public auth pages) need to redraw an input whose value was set from code.
 */
export function useSchemaForm<Values extends Record<string, unknown>>(schema: FormSchema, initialValues: Values) {
  const resolve = schemaResolver(schema, { sync: true });
  return useForm<Values>({ mode: 'controlled', initialValues, validate: (values) => oneMessagePerForm(resolve(values)) });
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

/**
 * A form in a modal (LOOK-AND-FEEL "forms in modals"): the fields, a server error, Cancelar and the
 * submit button. Only the current attempt's result shows: when a new submit is refused
 * by the form's own rules, the server's answer to the previous one ('Ya existe un usuario con ese
 * correo electrónico') is put away, not left beside the new field errors.
 */
export function FormModal<Values>({ opened, title, form, onSubmit, onClose, submitLabel, isSubmitting = false, error, children }: FormModalOptions<Values>) {
  const [staleError, setStaleError] = useState<string | null>(null);
  const shownError = error && error !== staleError ? error : null;
  const submit = form.onSubmit(
    (values) => {
      setStaleError(null);
      onSubmit(values);
    },
    () => setStaleError(error ?? null),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {shownError && (
            <Alert color="red" role="alert">
              {shownError}
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
