import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';

type StatCardItem = {
  label: string;
  value: number | string;
  /** One line under the number. */
  description?: string;
  icon?: ReactNode;
  color?: string;
};

type StatCardRowOptions = {
  items: StatCardItem[];
  /** Shows skeletons in place of the numbers (the labels stay, so the layout does not jump). */
  isLoading?: boolean;
};

/** A row of stat cards (big number, title, one line): 1 column on a phone, up to 5 on a desktop. */
export function StatCardRow({ items, isLoading = false }: StatCardRowOptions) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(items.length, 5) }} spacing="md">
      {items.map((item) => (
        <Card key={item.label} padding="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="sm" c="dimmed" fw={600}>
                {item.label}
              </Text>
              {isLoading ? (
                <Skeleton height={32} width={64} mt={6} />
              ) : (
                <Text fz={30} fw={800} lh={1.2}>
                  {typeof item.value === 'number' ? item.value.toLocaleString('es-CL') : item.value}
                </Text>
              )}
            </div>
            {item.icon && (
              <ThemeIcon size={40} radius="md" variant="light" color={item.color ?? 'admin'} aria-hidden>
                {item.icon}
              </ThemeIcon>
            )}
          </Group>
          {item.description && (
            <Text size="xs" c="dimmed" mt={4}>
              {item.description}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
