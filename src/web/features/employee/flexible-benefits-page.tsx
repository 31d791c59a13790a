import { Anchor, Skeleton, Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageIntro, PageNotice } from './benefit-grid';
import { BenefitsCarousel } from './benefits-carousel';
import { CataloguePage } from './catalogue-page';
import { href, paths } from '#domain/paths';

/**
 * /level3/benefits: flexible (platform) benefits in the immersive carousel, paid with flexible tokens
 * (spec part 2 §2). Company benefits keep their own page, /level3/company-benefits (decision 50).
 */
export function FlexibleBenefitsPage() {
  return (
    <CataloguePage
      section="platform"
      intro={<PageIntro title="Beneficios flexibles">Beneficios de nuestros proveedores para ti. Canjéalos con tus tokens flexibles.</PageIntro>}
      loading={<Skeleton height={600} radius={28} role="status" aria-live="polite" aria-label="Cargando beneficios..." />}
      empty={
        <PageNotice
          icon={<IconGift size={28} />}
          title="Aún no hay beneficios flexibles disponibles"
          description="Estamos sumando nuevos beneficios de nuestros proveedores. Vuelve pronto."
        />
      }
      footer={
        <Text size="sm" c="dimmed">
          ¿Buscas los beneficios de tu empresa?{' '}
          <Anchor component={Link} to={href(paths.employee.companyBenefits)} fw={600}>
            Ver beneficios de mi empresa
          </Anchor>
        </Text>
      }
    >
      {(items, redeem, isRedeeming) => <BenefitsCarousel items={items} onRedeem={redeem} isActive={!isRedeeming} />}
    </CataloguePage>
  );
}
