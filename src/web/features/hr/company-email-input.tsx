import { Text, TextInput, type TextInputProps } from '@mantine/core';

type CompanyEmailInputOptions = Omit<TextInputProps, 'label' | 'description' | 'rightSection' | 'rightSectionWidth'> & {
  /** The company's email domain, appended on the server to a bare username; null = none. */
  emailDomain: string | null;
};

/**
 * 'Correo o nombre de usuario' of the people HR adds or invites (spec part 2 §5): the same
 * field in both forms, so the hint and the '@domain' shown beside it are written once.
 */
export function CompanyEmailInput({ emailDomain, ...inputProps }: CompanyEmailInputOptions) {
  return (
    <TextInput
      label="Correo o nombre de usuario"
      required
      description={emailDomain ? `Si escribes solo el nombre de usuario, se agrega @${emailDomain}` : 'Escribe el correo completo'}
      rightSection={emailDomain ? <Text size="xs" c="dimmed" pr={4}>@{emailDomain}</Text> : undefined}
      rightSectionWidth={emailDomain ? Math.min(160, emailDomain.length * 8 + 24) : undefined}
      autoComplete="off"
      {...inputProps}
    />
  );
}
