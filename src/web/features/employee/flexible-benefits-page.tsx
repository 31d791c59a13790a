import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCatalogue } from '../../api/employee';
import { useBalances } from '../../api/session';
import { ErrorState } from '../../components/error-state';
import { PageIntro, PageNotice } from './benefit-grid';
import { BenefitsCarousel } from './benefits-carousel';
import { RedeemModal, useRedeemModal } from './redeem-modal';

/**
 * /level3/benefits: flexible (platform) benefits in the immersive carousel, paid with flexible tokens
 * (part 2 §2). Company benefits keep their own page, /level3/company-benefits (docs/decisions.md).
 */
export function FlexibleBenefitsPage() {
  const catalogue = useCatalogue();
  const balances = useBalances(true);
  const modal = useRedeemModal();

  let content;
  if (catalogue.isPending) {
    content = <Skeleton height={600} radius={28} role="status" aria-live="polite" aria-label="Cargando beneficios..." />;
  } else if (catalogue.isError) {
    content = <ErrorState message="Oops, algo salió mal" onRetry={() => void catalogue.refetch()} />;
  } else if (catalogue.data.platform.length === 0) {
    content = (
      <PageNotice
        icon={<IconGift size={28} />}
        title="Aún no hay beneficios flexibles disponibles"
        description="Estamos sumando nuevos beneficios de nuestros proveedores. Vuelve pronto."
      />
    );
  } else {
    content = <BenefitsCarousel items={catalogue.data.platform} onRedeem={modal.open} isActive={!modal.opened} />;
  }

  return (
    <Stack gap="lg" maw={1280}>
      <PageIntro title="Beneficios flexibles">Beneficios de nuestros proveedores para ti. Canjéalos con tus tokens flexibles.</PageIntro>
      {content}
      <Text size="sm" c="dimmed">
        ¿Buscas los beneficios de tu empresa?{' '}
        <Anchor component={Link} to="/level3/company-benefits" fw={600}>
          Ver beneficios de mi empresa
        </Anchor>
      </Text>
      <RedeemModal
        item={modal.item}
        opened={modal.opened}
        session={modal.session}
        onClose={modal.close}
        balances={balances.data ?? catalogue.data?.balances}
      />
    </Stack>
  );
}
