// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { errorMessage } from '../../domain/errors';
import { companyInputSchema } from '../../domain/schemas/companies';
import { MantineTestProvider, stubBrowserForMantine } from '../test-support';
import { FormModal, useSchemaForm } from './form-modal';

beforeAll(stubBrowserForMantine);
afterEach(cleanup);

const REQUIRED = errorMessage('COMPANY_REQUIRED');

/** The company form's three required fields, with a server answer the test sets. */
function CompanyForm({ serverError }: { serverError: string | null }) {
  const form = useSchemaForm(companyInputSchema, { name: '', contactName: '', contactEmail: '' });
  const [error, setError] = useState(serverError);
  return (
    <FormModal opened title="Nueva empresa" form={form} onClose={() => {}} submitLabel="Crear" error={error} onSubmit={() => setError(serverError)}>
      <TextInput label="Nombre" {...form.getInputProps('name')} />
      <TextInput label="Contacto" {...form.getInputProps('contactName')} />
      <TextInput label="Correo de contacto" {...form.getInputProps('contactEmail')} />
    </FormModal>
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Crear' }));

describe('FormModal', () => {
  it('says a message that covers three fields once, and marks the three', () => {
    render(<CompanyForm serverError={null} />, { wrapper: MantineTestProvider });
    submit();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(1);
    for (const label of ['Nombre', 'Contacto', 'Correo de contacto']) expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
  });

  it("puts away the server's answer to the previous submit when the new one is refused by the form", () => {
    const duplicate = 'Ya existe un usuario con ese correo electrónico';
    render(<CompanyForm serverError={duplicate} />, { wrapper: MantineTestProvider });
    expect(screen.getByRole('alert').textContent).toBe(duplicate);
    submit();
    expect(screen.queryByText(duplicate)).toBeNull();
    expect(screen.getByText(REQUIRED)).toBeTruthy();
  });

  it('shows the answer again when a valid submit gets it again', () => {
    const duplicate = 'Ya existe un usuario con ese correo electrónico';
    render(<CompanyForm serverError={duplicate} />, { wrapper: MantineTestProvider });
    submit();
    expect(screen.queryByText(duplicate)).toBeNull();
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Andes' } });
    fireEvent.change(screen.getByLabelText('Contacto'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Correo de contacto'), { target: { value: 'ana@andes.cl' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe(duplicate);
  });
});
