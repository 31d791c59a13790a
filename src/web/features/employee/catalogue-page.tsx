import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import type { CatalogueItem } from '../../../domain/schemas/economy';
import { useCatalogue } from '../../api/employee';
import { useBalances } from '../../api/session';
import { ErrorState } from '../../components/error-state';
import { OfflineNotice } from '../../components/offline-notice';
import { RedeemModal, useRedeemModal } from './redeem-modal';

type CatalogueSection = 'platform' | 'company';

type CataloguePageOptions = {
  /** The catalogue's section this page shows: flexible (platform) or company benefits. */
  section: CatalogueSection;
  intro: ReactNode;
  /** Load the catalogue and balances (not before the page knows the person has a company). */
  enabled?: boolean;
  /** Shown instead of the section when the person cannot have one (no company). */
  unavailable?: ReactNode;
  loading: ReactNode;
  /** The section is empty. */
  empty: ReactNode;
  /** The section's items; `redeem` opens the redemption of one, `isRedeeming` while its modal is open. */
  children: (items: CatalogueItem[], redeem: (item: CatalogueItem) => void, isRedeeming: boolean) => ReactNode;
  /** Under the section (a link to the other one). */
  footer?: ReactNode;
};

/**
 * The employee's two benefit pages (/level3/benefits, /level3/company-benefits): one section of the
 * catalogue, loading, failure with retry, empty, and the redemption modal with the freshest balances.
 */
export function CataloguePage({ section, intro, enabled = true, unavailable, loading, empty, children, footer }: CataloguePageOptions) {
  const catalogue = useCatalogue({ enabled });
  const balances = useBalances(enabled);
  const modal = useRedeemModal();

  let content: ReactNode;
  if (unavailable) content = unavailable;
  // Offline before the catalogue was read: the catalogue is not kept on the device (decision 252).
  else if (catalogue.isPending && catalogue.fetchStatus === 'paused') content = <OfflineNotice updatedAt={0} />;
  else if (catalogue.isPending) content = loading;
  else if (catalogue.isError) content = <ErrorState message="Oops, algo salió mal" onRetry={() => void catalogue.refetch()} />;
  else if (catalogue.data[section].length === 0) content = empty;
  else content = children(catalogue.data[section], modal.open, modal.opened);

  return (
    <Stack gap="lg" maw={1280}>
      {intro}
      {content}
      {footer}
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
