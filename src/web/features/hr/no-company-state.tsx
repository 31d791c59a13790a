import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingOff } from '@tabler/icons-react';
import { errorMessage } from '#domain/errors';

/** Spec part 2 §2 "/level2/dashboard": an HR user with no company sees this and nothing else (decision 76). */
export function NoCompanyState() {
  return (
    <Card padding="xl" maw={640} role="alert">
      <Stack align="center" gap="sm" py="lg">
        <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
          <IconBuildingOff size={30} />
        </ThemeIcon>
        {/* The page's one h1: this message is all the screen shows. */}
        <Title order={1} fz="h3" ta="center">
          {errorMessage('NO_COMPANY_ASSIGNED')}
        </Title>
        <Text c="dimmed" ta="center">
          Contacta al administrador de Jobby para que asigne tu cuenta a una empresa.
        </Text>
      </Stack>
    </Card>
  );
}
