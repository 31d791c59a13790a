import type { ReactNode } from 'react';
import { Card, EmptyState, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CatalogueItem } from '#domain/schemas/economy';
import { BenefitCard, BenefitCardSkeleton } from './benefit-card';

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

/** One column on phones, two or three on wider screens. */
export function BenefitGrid({ items, onRedeem }: { items: CatalogueItem[]; onRedeem: (item: CatalogueItem) => void }) {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="lg" verticalSpacing="lg">
      {items.map((item) => (
        <BenefitCard key={`${item.kind}-${item.id}`} item={item} onRedeem={onRedeem} />
      ))}
    </SimpleGrid>
  );
}

export function BenefitGridSkeleton() {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="lg" verticalSpacing="lg" role="status" aria-live="polite" aria-label="Cargando beneficios...">
      {Array.from({ length: 6 }, (_, i) => (
        <BenefitCardSkeleton key={i} />
      ))}
    </SimpleGrid>
  );
}

export function PageIntro({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">{title}</Title>
      <Text c="dimmed" maw={680}>
        {children}
      </Text>
    </Stack>
  );
}

/** An empty or unavailable state: an icon, a sentence, and what to do next (LOOK-AND-FEEL "Layout patterns"). */
export function PageNotice({ icon, title, description, action, color = 'brand' }: { icon: ReactNode; title: string; description: ReactNode; action?: ReactNode; color?: string }) {
  return (
    <Card padding="xl" radius={22}>
      <EmptyState py="lg" variant="light" color={color} icon={icon} title={title} description={description}>
        {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
      </EmptyState>
    </Card>
  );
}
