import { useId, useState } from 'react';
import { Badge, Box, Button, Group, Skeleton, Text, Title } from '@mantine/core';
import { IconBan, IconCheck, IconCoins, IconInfoCircle, IconSparkles, IconStar, IconWifiOff } from '@tabler/icons-react';
import type { CatalogueItem } from '#domain/schemas/economy';
import { useOnline } from '../../api/offline-snapshot';
import { accentOf } from './benefit-accent';
import { plural, tokens } from '#domain/plural';
import { categoryView } from './benefit-category';
import classes from './benefit-card.module.css';
import { useOpenBenefitDetail } from './benefit-detail-context';

/** Why an item cannot be redeemed, as its button says it. */
export const BLOCKED_LABELS: Record<NonNullable<CatalogueItem['blockedReason']>, string> = {
  INSUFFICIENT_TOKENS: 'Tokens insuficientes',
  ALREADY_REDEEMED: 'Ya canjeado',
  OUT_OF_STOCK: 'Agotado',
};

type BenefitCardProps = {
  item: CatalogueItem;
  onRedeem: (item: CatalogueItem) => void;
};

/** One benefit of the catalogue, flexible or company (LOOK-AND-FEEL "Employee benefits" card). */
export function BenefitCard({ item, onRedeem }: BenefitCardProps) {
  const titleId = useId();
  const accent = accentOf(item);
  const category = categoryView(item.category);
  const openDetail = useOpenBenefitDetail();

  return (
    <Box component="article" className={classes.card} aria-labelledby={titleId} data-testid="benefit-card">
      <div className={classes.media}>
        <BenefitImage item={item} />
        <div className={classes.badges}>
          <Badge
            radius="xl"
            size="md"
            style={{ background: accent.gradient, color: accent.onGradient, boxShadow: '0 2px 8px rgba(0,0,0,0.18)' }}
          >
            {accent.badge}
          </Badge>
          {item.isHighlighted && (
            // White on pink.9 in both schemes: the 'white' variant's text follows the scheme and fell below WCAG AA in dark.
            <Badge radius="xl" size="md" color="pink.9" variant="filled" leftSection={<IconStar size={12} aria-hidden />}>
              Destacado
            </Badge>
          )}
        </div>
      </div>

      <div className={classes.body}>
        <Title order={3} fz="lg" lh={1.3} id={titleId}>
          {item.title}
        </Title>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {item.description}
        </Text>
        <Group gap={6}>
          {category && (
            <Badge radius="xl" variant="light" color={category.color} c="var(--mantine-color-text)" leftSection={<category.Icon size={12} aria-hidden />}>
              {category.name}
            </Badge>
          )}
          <Badge
            radius="xl"
            variant="outline"
            color={accent.color}
            leftSection={<IconCoins size={12} aria-hidden />}
            data-testid="benefit-cost"
          >
            {tokens(item.tokenCost)}
          </Badge>
        </Group>
        <AvailabilityLine item={item} />
        {openDetail && (
          <Button
            variant="subtle"
            size="compact-sm"
            radius="xl"
            color={accent.color === 'gold' ? 'dark' : 'brand'}
            leftSection={<IconInfoCircle size={16} aria-hidden />}
            onClick={() => openDetail(item)}
            aria-label={`Ver detalle de ${item.title}`}
            style={{ alignSelf: 'flex-start' }}
          >
            Ver detalle
          </Button>
        )}
        <div className={classes.footer}>
          <RedeemAction item={item} onRedeem={onRedeem} />
        </div>
      </div>
    </Box>
  );
}

/** The image strip; without an image, or when it fails to load, a gradient with the category's icon. */
function BenefitImage({ item }: { item: CatalogueItem }) {
  const [failed, setFailed] = useState(false);
  const accent = accentOf(item);
  const category = categoryView(item.category);
  if (item.image && !failed) {
    // Sized (a cover-fitted 150 px strip, so no layout shift) and lazy: off-screen images cost nothing.
    return (
      <img
        className={classes.image}
        src={item.image}
        alt={`Imagen de ${item.title}`}
        width={800}
        height={300}
        decoding="async"
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  const Icon = category?.Icon ?? IconSparkles;
  const base = category ? `linear-gradient(135deg, ${category.color} 0%, ${item.kind === 'company' ? '#C9A23E' : '#6B3AA0'} 100%)` : accent.gradient;
  // A soft light keeps the strip from looking flat when the category's hue matches the accent.
  const background = `radial-gradient(circle at 25% 20%, rgba(255, 255, 255, 0.28) 0%, transparent 55%), ${base}`;
  return (
    <div className={classes.fallback} style={{ background }} aria-hidden>
      <Icon size={56} stroke={1.4} />
    </div>
  );
}

/** What is left and how many times the employee may still take it, and who must approve. */
export function AvailabilityLine({ item }: { item: CatalogueItem }) {
  const parts: string[] = [];
  // Sold out already reads 'Agotado' on the button.
  if (item.remaining !== null && item.remaining > 0) parts.push(`${item.remaining === 1 ? 'Queda' : 'Quedan'} ${plural(item.remaining, 'disponible', 'disponibles')}`);
  if (item.kind === 'company' && item.limitPerUser !== null) parts.push(`Canjeado ${item.redeemedCount} de ${item.limitPerUser}`);
  const approval = approvalHint(item);
  if (parts.length === 0 && !approval) return null;
  return (
    <Box>
      {parts.length > 0 && (
        <Text size="xs" c="dimmed">
          {parts.join(' · ')}
        </Text>
      )}
      {approval && (
        <Text size="xs" c="dimmed">
          {approval}
        </Text>
      )}
    </Box>
  );
}

function approvalHint(item: CatalogueItem): string | null {
  if (item.kind === 'company') return item.requiresApproval ? 'Requiere aprobación de Recursos Humanos' : null;
  if (item.type === 'managed') return 'Requiere aprobación del proveedor';
  if (item.type === 'third_party') return 'Requiere aprobación de Jobby';
  return null;
}

function RedeemAction({ item, onRedeem }: BenefitCardProps) {
  const accent = accentOf(item);
  const online = useOnline();
  if (item.blockedReason === 'INSUFFICIENT_TOKENS') {
    return <div className={classes.blocked}>{BLOCKED_LABELS.INSUFFICIENT_TOKENS}</div>;
  }
  if (item.blockedReason === 'ALREADY_REDEEMED') {
    return (
      <Button fullWidth radius="xl" disabled leftSection={<IconCheck size={16} aria-hidden />}>
        {BLOCKED_LABELS.ALREADY_REDEEMED}
      </Button>
    );
  }
  if (item.blockedReason === 'OUT_OF_STOCK') {
    return (
      <Button fullWidth radius="xl" disabled leftSection={<IconBan size={16} aria-hidden />}>
        {BLOCKED_LABELS.OUT_OF_STOCK}
      </Button>
    );
  }
  if (!item.canRedeem) {
    return (
      <Button fullWidth radius="xl" disabled>
        No disponible
      </Button>
    );
  }
  if (!online) return <OfflineRedeemButton fullWidth />;
  return (
    <Button
      fullWidth
      radius="xl"
      size="md"
      onClick={() => onRedeem(item)}
      style={{ background: accent.gradient, color: accent.onGradient }}
    >
      Canjear por {tokens(item.tokenCost)}
    </Button>
  );
}

/** In place of 'Canjear' without a connection: a redemption spends tokens on the server. */
export function OfflineRedeemButton({ fullWidth }: { fullWidth?: boolean }) {
  return (
    <Button fullWidth={fullWidth} radius="xl" disabled leftSection={<IconWifiOff size={16} aria-hidden />} data-testid="redeem-offline">
      Sin conexión para canjear
    </Button>
  );
}

/** The card's shape while the catalogue loads. */
export function BenefitCardSkeleton() {
  return (
    <Box className={classes.card} aria-hidden>
      <Skeleton height={150} radius={0} />
      <div className={classes.body}>
        <Skeleton height={20} width="70%" />
        <Skeleton height={12} />
        <Skeleton height={12} width="85%" />
        <Group gap={6}>
          <Skeleton height={22} width={90} radius="xl" />
          <Skeleton height={22} width={70} radius="xl" />
        </Group>
        <Skeleton height={42} radius="xl" mt="sm" />
      </div>
    </Box>
  );
}
