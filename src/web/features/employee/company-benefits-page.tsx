import { Button, Stack } from '@mantine/core';
import { IconBuildingOff, IconGift } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCatalogue } from '../../api/employee';
import { useBalances, useMe } from '../../api/session';
import { ErrorState } from '../../components/error-state';
import { BenefitGrid, BenefitGridSkeleton, PageIntro, PageNotice } from './benefit-grid';
import { RedeemModal, useRedeemModal } from './redeem-modal';

/** /level3/company-benefits: the own company's benefits, paid with company tokens (part 2 §2). */
export function CompanyBenefitsPage() {
  const { data: me } = useMe();
  const hasCompany = Boolean(me?.companyId);
  const catalogue = useCatalogue({ enabled: hasCompany });
  const balances = useBalances(hasCompany);
  const modal = useRedeemModal();

  const intro = (
    <PageIntro title="Beneficios de mi empresa">
      {me?.companyName ? `Beneficios que ${me.companyName} ofrece a su equipo.` : 'Beneficios que tu empresa ofrece a su equipo.'} Canjéalos con
      tus tokens de empresa.
    </PageIntro>
  );

  let content;
  if (me && !hasCompany) {
    content = (
      <PageNotice
        icon={<IconBuildingOff size={28} />}
        color="gray"
        title="Empresa no asignada"
        description="No se ha asignado una empresa a este usuario. Pide a Recursos Humanos que te agregue a tu empresa para ver sus beneficios."
      />
    );
  } else if (catalogue.isPending) {
    content = <BenefitGridSkeleton />;
  } else if (catalogue.isError) {
    content = <ErrorState message="Oops, algo salió mal" onRetry={() => void catalogue.refetch()} />;
  } else if (catalogue.data.company.length === 0) {
    content = (
      <PageNotice
        icon={<IconGift size={28} />}
        color="gold"
        title="Tu empresa aún no tiene beneficios activos"
        description="Cuando Recursos Humanos publique beneficios, aparecerán aquí. Mientras tanto, revisa los beneficios flexibles."
        action={
          <Button component={Link} to="/level3/benefits" radius="xl">
            Ver beneficios flexibles
          </Button>
        }
      />
    );
  } else {
    content = <BenefitGrid items={catalogue.data.company} onRedeem={modal.open} />;
  }

  return (
    <Stack gap="lg" maw={1280}>
      {intro}
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
