import { Button } from '@mantine/core';
import { IconBuildingOff, IconGift } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMe } from '../../api/session';
import { BenefitGrid, BenefitGridSkeleton, PageIntro, PageNotice } from './benefit-grid';
import { CataloguePage } from './catalogue-page';
import { href, paths } from '#domain/paths';

/** /level3/company-benefits: the own company's benefits, paid with company tokens (spec part 2 §2). */
export function CompanyBenefitsPage() {
  const { data: me } = useMe();
  const hasCompany = Boolean(me?.companyId);

  return (
    <CataloguePage
      section="company"
      enabled={hasCompany}
      intro={
        <PageIntro title="Beneficios de mi empresa">
          {me?.companyName ? `Beneficios que ${me.companyName} ofrece a su equipo.` : 'Beneficios que tu empresa ofrece a su equipo.'} Canjéalos con
          tus tokens de empresa.
        </PageIntro>
      }
      unavailable={
        me && !hasCompany ? (
          <PageNotice
            icon={<IconBuildingOff size={28} />}
            color="gray"
            title="Empresa no asignada"
            description="No se ha asignado una empresa a este usuario. Pide a Recursos Humanos que te agregue a tu empresa para ver sus beneficios."
          />
        ) : undefined
      }
      loading={<BenefitGridSkeleton />}
      empty={
        <PageNotice
          icon={<IconGift size={28} />}
          color="gold"
          title="Tu empresa aún no tiene beneficios activos"
          description="Cuando Recursos Humanos publique beneficios, aparecerán aquí. Mientras tanto, revisa los beneficios flexibles."
          action={
            <Button component={Link} to={href(paths.employee.benefits)} radius="xl">
              Ver beneficios flexibles
            </Button>
          }
        />
      }
    >
      {(items, redeem) => <BenefitGrid items={items} onRedeem={redeem} />}
    </CataloguePage>
  );
}
