import { useState } from 'react';
import { Badge, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import type { TokenType } from '#domain/constants';
import type { HistoryEntry } from '#domain/schemas/economy';
import { useBalances } from '../../api/session';
import { useMyWallet } from '../../api/wallet';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { TokenHistoryTypeFilter, tokenHistoryColumns, type TokenHistoryType } from '../../components/token-history';
import { PageIntro } from './benefit-grid';

const PAGE_SIZE = 10;
const COLUMNS = tokenHistoryColumns('wallet');

/** The address's word for each balance (the header's cards link here with it). */
const SALDO: Record<TokenType, string> = { jobby: 'flexibles', company: 'empresa' };
const LABEL: Record<TokenType, string> = { jobby: 'Flexibles', company: 'Empresa' };

/**
 * /level3/wallet (decision 203): where the employee's tokens came from and went, one
 * balance at a time — date, movement, amount, reason, who, and the balance after, as the ledger
 * stored it — newest first, pages of 10. Reached from the header's 'Flexibles' and 'Empresa' cards.
 */
export function WalletPage() {
  const [params, setParams] = useSearchParams();
  const tokenType: TokenType = params.get('saldo') === SALDO.company ? 'company' : 'jobby';
  // The filter and page belong to one balance: opening the other (a tab, a header card) starts afresh.
  const [view, setView] = useState<{ of: TokenType; type: TokenHistoryType; page: number }>({ of: tokenType, type: 'all', page: 1 });
  const { type, page } = view.of === tokenType ? view : { type: 'all' as const, page: 1 };
  const setPage = (next: number) => setView({ of: tokenType, type, page: next });
  const balances = useBalances(true);
  const wallet = useMyWallet({ tokenType, type, page, pageSize: PAGE_SIZE });

  const chooseBalance = (next: TokenType) => setParams({ saldo: SALDO[next] }, { replace: true });
  const chooseType = (next: TokenHistoryType) => setView({ of: tokenType, type: next, page: 1 });

  return (
    <Stack gap="lg" maw={1100}>
      <PageIntro title="Mis movimientos">De dónde vinieron tus tokens y en qué los usaste, con tu saldo después de cada movimiento.</PageIntro>
      <Tabs value={tokenType} onChange={(v) => chooseBalance((v as TokenType) ?? 'jobby')} variant="pills" radius="xl" color="brand.7">
        <Tabs.List>
          {(['jobby', 'company'] as const).map((t) => (
            <Tabs.Tab key={t} value={t} rightSection={<BalanceBadge value={balances.data?.[t]} active={tokenType === t} />}>
              {LABEL[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataTable<HistoryEntry>
        label={`Movimientos de tokens ${LABEL[tokenType]}`}
        heading={
          <Group justify="space-between" align="center" gap="sm">
            <Text fw={700}>Saldo {LABEL[tokenType]}</Text>
            {wallet.isFetching && !wallet.isPending && <Loader size="xs" aria-label="Actualizando movimientos" />}
          </Group>
        }
        columns={COLUMNS}
        {...pagedTableProps(wallet)}
        rowKey={(e) => String(e.id)}
        totalIsCapped={wallet.data?.totalIsCapped}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        filters={<TokenHistoryTypeFilter value={type} onChange={chooseType} color="brand.7" />}
        isFiltered={type !== 'all'}
        isRefreshing={wallet.isPlaceholderData}
        empty={{ icon: <IconWallet size={28} />, title: `Aún no tienes movimientos de tokens ${LABEL[tokenType]}.` }}
        filteredEmpty={{ icon: <IconWallet size={28} />, title: 'No hay movimientos de este tipo.' }}
      />
    </Stack>
  );
}

function BalanceBadge({ value, active }: { value: number | undefined; active: boolean }) {
  return (
    <Badge size="sm" radius="xl" variant={active ? 'white' : 'light'} color={active ? 'brand.7' : 'brand'} data-testid="wallet-tab-balance">
      {value ?? '…'}
    </Badge>
  );
}
