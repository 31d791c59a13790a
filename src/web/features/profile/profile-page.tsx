import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { changePasswordSchema, type ChangePasswordInput } from '#domain/schemas/auth';
import { updateProfileSchema } from '#domain/schemas/me';
import { LEVEL_NAMES, isLevel } from '#domain/levels';
import { formatDate } from '#domain/dates';
import { messageOf } from '../../api/client';
import { useChangePassword, useMe, useUpdateProfile } from '../../api/session';
import { PageLoader } from '../../components/page-loader';

type ProfileValues = { name: string; phone: string };

/** /profile: the user's own details; edit name and phone; change password (decision: spec leaves it open). */
export default function ProfilePage() {
  const { data: me } = useMe();
  const updateProfile = useUpdateProfile();
  const changePassword = useChangePassword();
  const [profileError, setProfileError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const profileForm = useForm<ProfileValues>({
    initialValues: { name: '', phone: '' },
    validate: schemaResolver(updateProfileSchema, { sync: true }),
  });
  const passwordForm = useForm<ChangePasswordInput>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: schemaResolver(changePasswordSchema, { sync: true }),
  });

  const loadedId = me?.id;
  useEffect(() => {
    if (me) profileForm.setValues({ name: me.name, phone: me.phone ?? '' });
    // Only when another user's data arrives, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedId]);

  if (!me) return <PageLoader />;

  const saveProfile = profileForm.onSubmit((values) => {
    setProfileError(null);
    updateProfile.mutate(
      { name: values.name.trim(), phone: values.phone.trim() || null },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'Perfil actualizado correctamente' }),
        onError: (e) => setProfileError(messageOf(e)),
      },
    );
  });

  const savePassword = passwordForm.onSubmit((values) => {
    setPasswordError(null);
    changePassword.mutate(values, {
      onSuccess: () => {
        passwordForm.reset();
        notifications.show({ color: 'green', message: 'Contraseña actualizada correctamente' });
      },
      onError: (e) => setPasswordError(messageOf(e)),
    });
  });

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h2">Mi perfil</Title>
      <Card padding="lg">
        <Group gap="xs" mb="sm">
          <Text fw={600}>{me.email}</Text>
          {isLevel(me.level) && <Badge variant="light">{LEVEL_NAMES[me.level]}</Badge>}
          {me.companyName && <Badge variant="outline">{me.companyName}</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          Miembro desde {formatDate(me.createdAt)}
          {me.department ? ` · ${me.department}` : ''}
        </Text>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card padding="lg">
          <form onSubmit={saveProfile} noValidate>
            <Stack>
              <Title order={4}>Datos personales</Title>
              {profileError && (
                <Alert color="red" icon={<IconAlertCircle size={18} />}>
                  {profileError}
                </Alert>
              )}
              <TextInput label="Nombre" required {...profileForm.getInputProps('name')} />
              <TextInput label="Teléfono" placeholder="+56 9 1234 5678" {...profileForm.getInputProps('phone')} />
              <Button type="submit" loading={updateProfile.isPending} w="fit-content">
                Guardar cambios
              </Button>
            </Stack>
          </form>
        </Card>
        <Card padding="lg">
          <form onSubmit={savePassword} noValidate>
            <Stack>
              <Title order={4}>Cambiar contraseña</Title>
              {passwordError && (
                <Alert color="red" icon={<IconAlertCircle size={18} />}>
                  {passwordError}
                </Alert>
              )}
              <PasswordInput label="Contraseña actual" autoComplete="current-password" key={passwordForm.key('currentPassword')} {...passwordForm.getInputProps('currentPassword')} />
              <PasswordInput label="Nueva contraseña" autoComplete="new-password" key={passwordForm.key('newPassword')} {...passwordForm.getInputProps('newPassword')} />
              <PasswordInput label="Confirmar nueva contraseña" autoComplete="new-password" key={passwordForm.key('confirmPassword')} {...passwordForm.getInputProps('confirmPassword')} />
              <Button type="submit" loading={changePassword.isPending} w="fit-content">
                Actualizar contraseña
              </Button>
            </Stack>
          </form>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
