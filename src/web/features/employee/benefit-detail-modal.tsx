import { useCallback, useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconCoins, IconMapPin } from '@tabler/icons-react';
import type { CatalogueItem } from '#domain/schemas/economy';
import { accentOf } from './benefit-accent';
import { tokens } from '#domain/plural';
import { categoryView } from './benefit-category';
import { AvailabilityLine, BLOCKED_LABELS } from './benefit-card';

/** Which benefit's detail is open (the item stays while the closing transition runs). */
export function useBenefitDetail() {
  const [state, setState] = useState<{ item: CatalogueItem | null; opened: boolean }>({ item: null, opened: false });
  const open = useCallback((item: CatalogueItem) => setState({ item, opened: true }), []);
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  return { ...state, open, close };
}

/**
 * Where the employee uses a benefit: its provider, else who redeems a code naming none — any Jobby
 * provider for a platform benefit, the company's HR for its own (laneOf, docs/api.md).
 */
function placeOf(item: CatalogueItem): string {
  if (item.providerName) return item.providerName;
  return item.kind === 'company'
    ? 'Recursos Humanos de tu empresa valida tu código.'
    : 'Cualquier proveedor de Jobby valida tu código.';
}

type Props = { item: CatalogueItem | null; opened: boolean; onClose: () => void; onRedeem: (item: CatalogueItem) => void };

/** A benefit's detail (decision 273): what it is and its terms, what it costs, where to use it, and 'Canjear'. */
export function BenefitDetailModal({ item, opened, onClose, onRedeem }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>Detalle del beneficio</Text>} size="md" radius="lg" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {item && <DetailBody item={item} onClose={onClose} onRedeem={onRedeem} />}
    </Modal>
  );
}

function DetailBody({ item, onClose, onRedeem }: { item: CatalogueItem; onClose: () => void; onRedeem: (item: CatalogueItem) => void }) {
  const accent = accentOf(item);
  const category = categoryView(item.category);
  return (
    <Stack gap="md" data-testid="benefit-detail">
      <Stack gap={6}>
        <Title order={2} fz="xl" lh={1.3}>
          {item.title}
        </Title>
        <Group gap={6}>
          <Badge radius="xl" style={{ background: accent.gradient, color: accent.onGradient }}>
            {accent.badge}
          </Badge>
          {category && (
            <Badge radius="xl" variant="light" color={category.color} c="var(--mantine-color-text)" leftSection={<category.Icon size={12} aria-hidden />}>
              {category.name}
            </Badge>
          )}
          <Badge radius="xl" variant="outline" color={accent.color} leftSection={<IconCoins size={12} aria-hidden />}>
            {tokens(item.tokenCost)} {accent.tokenLabel.toLowerCase()}
          </Badge>
        </Group>
      </Stack>
      {item.value && (
        <Text fw={600} data-testid="benefit-value">
          {item.value}
        </Text>
      )}
      <Stack gap={4}>
        <Title order={3} fz="sm" tt="uppercase" c="dimmed">
          Descripción y condiciones
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {item.description}
        </Text>
      </Stack>
      <Stack gap={4}>
        <Title order={3} fz="sm" tt="uppercase" c="dimmed">
          Dónde usarlo
        </Title>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" data-testid="benefit-place">
            {placeOf(item)}
          </Text>
        </Group>
      </Stack>
      <AvailabilityLine item={item} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" radius="xl" onClick={onClose}>
          Cerrar
        </Button>
        {item.canRedeem ? (
          <Button
            radius="xl"
            style={{ background: accent.gradient, color: accent.onGradient }}
            onClick={() => {
              onClose();
              onRedeem(item);
            }}
          >
            Canjear por {tokens(item.tokenCost)}
          </Button>
        ) : (
          <Button radius="xl" disabled>
            {item.blockedReason ? BLOCKED_LABELS[item.blockedReason] : 'No disponible'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
