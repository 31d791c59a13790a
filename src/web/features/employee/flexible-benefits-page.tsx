import { Stack } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useCatalogue } from '../../api/employee';
import { useBalances } from '../../api/session';
import { ErrorState } from '../../components/error-state';
import { BenefitGrid, BenefitGridSkeleton, PageIntro, PageNotice } from './benefit-grid';
import { RedeemModal, useRedeemModal } from './redeem-modal';

/** /level3/benefits: flexible (platform) benefits, paid with flexible tokens (part 2 §2). */
// The immersive 3D carousel (LOOK-AND-FEEL "Employee benefits") comes in a later issue: a plain grid for now.
export function FlexibleBenefitsPage() {
  const catalogue = useCatalogue();
  const balances = useBalances(true);
  const modal = useRedeemModal();

  let content;
  if (catalogue.isPending) {
    content = <BenefitGridSkeleton />;
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
    content = <BenefitGrid items={catalogue.data.platform} onRedeem={modal.open} />;
  }

  return (
    <Stack gap="lg" maw={1280}>
      <PageIntro title="Beneficios flexibles">Beneficios de nuestros proveedores para ti. Canjéalos con tus tokens flexibles.</PageIntro>
      {content}
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
