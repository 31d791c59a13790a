import { useDeferredValue, useState, type ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearchOff } from '@tabler/icons-react';
import type { CatalogueItem } from '#domain/schemas/economy';
import { NO_FINDERS, useCatalogue, type CatalogueFinders as Finders } from '../../api/employee';
import { useBalances } from '../../api/session';
import { ErrorState } from '../../components/error-state';
import { PageNotice } from './benefit-grid';
import { BenefitDetailContext } from './benefit-detail-context';
import { BenefitDetailModal, useBenefitDetail } from './benefit-detail-modal';
import { CatalogueFinders } from './catalogue-finders';
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

const BALANCE_NAMES: Record<CatalogueSection, string> = { platform: 'flexibles', company: 'de empresa' };

/**
 * The employee's two benefit pages (/level3/benefits, /level3/company-benefits): the finders (decision
 * 273: name, order by cost, 'Me alcanza', applied by the server), one section of the catalogue, loading,
 * failure with retry, empty, a benefit's detail, and the redemption modal with the freshest balances.
 */
export function CataloguePage({ section, intro, enabled = true, unavailable, loading, empty, children, footer }: CataloguePageOptions) {
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, 300);
  const [choices, setChoices] = useState<Omit<Finders, 'search'>>({ sort: NO_FINDERS.sort, affordable: NO_FINDERS.affordable });
  const finders: Finders = { ...choices, search };
  const isFinding = search.trim() !== '' || choices.affordable;
  const catalogue = useCatalogue({ enabled, finders });
  // The section's cards, the page's heaviest render, follow the answer in a transition that React
  // draws in slices: the query's answer reaches React as a store change, which it would draw in one
  // long task, the page unable to answer a tap meanwhile (decision 337).
  const answer = useDeferredValue(catalogue.data);
  const balances = useBalances(enabled);
  const modal = useRedeemModal();
  const detail = useBenefitDetail();

  const clear = () => {
    setSearchText('');
    setChoices({ sort: NO_FINDERS.sort, affordable: false });
  };

  let content: ReactNode;
  if (unavailable) content = unavailable;
  // Offline before the catalogue was read: the catalogue is not kept on the device (decision 252).
  else if (catalogue.isPending && catalogue.fetchStatus === 'paused') content = <OfflineNotice updatedAt={0} />;
  else if (catalogue.isError) content = <ErrorState message="Oops, algo salió mal" onRetry={() => void catalogue.refetch()} />;
  else if (!answer) content = loading;
  else if (answer[section].length === 0)
    content = isFinding ? (
      <PageNotice
        icon={<IconSearchOff size={28} />}
        color="gray"
        title="Ningún beneficio coincide"
        description={choices.affordable ? `Prueba con otro nombre o quita «Me alcanza»: muestra solo lo que cubren tus tokens ${BALANCE_NAMES[section]}.` : 'Prueba con otro nombre.'}
        action={
          <Button radius="xl" variant="light" onClick={clear}>
            Quitar filtros
          </Button>
        }
      />
    ) : (
      empty
    );
  else content = children(answer[section], modal.open, modal.opened || detail.opened);

  return (
    <BenefitDetailContext.Provider value={detail.open}>
      <Stack gap="lg" maw={1280}>
        {intro}
        {!unavailable && (
          <CatalogueFinders
            searchText={searchText}
            onSearchText={setSearchText}
            finders={finders}
            onChange={({ sort, affordable }) => setChoices({ sort, affordable })}
            balanceName={BALANCE_NAMES[section]}
          />
        )}
        {content}
        {footer}
        <BenefitDetailModal item={detail.item} opened={detail.opened} onClose={detail.close} onRedeem={modal.open} />
        <RedeemModal
          item={modal.item}
          opened={modal.opened}
          session={modal.session}
          onClose={modal.close}
          balances={balances.data ?? catalogue.data?.balances}
        />
      </Stack>
    </BenefitDetailContext.Provider>
  );
}
