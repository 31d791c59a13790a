import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

type PageHeaderOptions = {
  title: string;
  /** One line saying what the screen is for. */
  description: string;
  /** The screen's primary action (usually one Button); it wraps under the title on a phone. */
  action?: ReactNode;
};

/** The top of every admin and HR screen (LOOK-AND-FEEL "Admin and HR"): title, one line, one primary action. */
export function PageHeader({ title, description, action }: PageHeaderOptions) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <div style={{ flex: '1 1 260px' }}>
        <Title order={1} size="h2">{title}</Title>
        <Text c="dimmed">{description}</Text>
      </div>
      {action}
    </Group>
  );
}
