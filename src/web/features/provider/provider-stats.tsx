import { Card, Flex, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarMonth, IconClock, IconHistory } from '@tabler/icons-react';
import type { ProviderHistory } from '#domain/schemas/economy';
import classes from './provider-portal.module.css';

type Stats = ProviderHistory['stats'];

const CARDS = [
  { key: 'total', title: 'Total Histórico', description: 'Tokens canjeados desde siempre', icon: IconHistory },
  { key: 'month', title: 'Este Mes', description: 'Desde el primer día del mes', icon: IconCalendarMonth },
  { key: 'today', title: 'Hoy', description: 'Desde el inicio del día', icon: IconClock },
] as const;

/**
 * The three counts of redeemed tokens (spec part 2 §9: 'Hoy' since the start of today, 'Este Mes' since
 * the 1st). On a phone each card is one short row, so the code input stays near the top.
 */
export function ProviderStats({ stats, isLoading }: { stats: Stats | undefined; isLoading: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing={{ base: 'xs', sm: 'lg' }}>
      {CARDS.map(({ key, title, description, icon: Icon }) => (
        <Card key={key} padding="md" radius="lg" shadow="sm" withBorder={false}>
          <Flex
            direction={{ base: 'row', xs: 'column' }}
            justify="space-between"
            align={{ base: 'center', xs: 'flex-start' }}
            gap={{ base: 'sm', xs: 4 }}
          >
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={36} radius="xl" variant="light" color="indigo" aria-hidden>
                <Icon size={20} />
              </ThemeIcon>
              <Text size="sm" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.4 }}>
                {title}
              </Text>
            </Group>
            {isLoading ? (
              <Skeleton height={40} width={64} />
            ) : (
              <Text fz={{ base: 34, xs: 44 }} fw={800} lh={1.1} className={classes.gradientText} data-testid={`provider-stat-${key}`}>
                {stats ? stats[key] : '—'}
              </Text>
            )}
            <Text size="xs" c="dimmed" visibleFrom="xs">
              {description}
            </Text>
          </Flex>
        </Card>
      ))}
    </SimpleGrid>
  );
}
