/**
 * A token movement as a table row, shared by level 1's token history and the employee's wallet
 * (decision 203): the type badge, the signed amount, the reason, who, the balance after
 * and the date — one set of columns, so the two screens read a movement the same way.
 */
import type { ReactNode } from 'react';
import { Badge, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { HistoryEntry } from '../../domain/schemas/economy';
import { isGrantReversal, REVERSAL_LABEL } from '../../domain/status-labels';
import { HistoryTypeBadge } from './badges';
import type { DataTableColumn } from './data-table';
import { actionsColumn, dateTimeColumn } from './data-table-columns';
import classes from './token-history.module.css';

export type TokenHistoryType = 'all' | HistoryEntry['type'];

/** The type filter's choices, the same words on every history screen. */
export const TOKEN_HISTORY_FILTERS: Array<{ value: TokenHistoryType; label: string }> = [
  { value: 'all', label: 'Todos' },
  { value: 'add', label: 'Añadidos' },
  { value: 'remove', label: 'Quitados' },
  { value: 'used', label: 'Usados' },
];


/**
 * The movement's type: 'Reversión' for a grant's reversal, 'Revertida' beside a grant that was taken
 * back, otherwise the spec's 'Añadido', 'Quitado', 'Usado'.
 */
export function MovementTypeBadge({ entry }: { entry: HistoryEntry }) {
  if (isGrantReversal(entry)) {
    return (
      <Badge miw="max-content" variant="danger" data-testid="movement-reversal">
        {REVERSAL_LABEL}
      </Badge>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <HistoryTypeBadge type={entry.type} />
      {entry.kind === 'grant' && entry.reversedByTransferId !== null && (
        <Text size="xs" c="dimmed">
          Revertida
        </Text>
      )}
    </Stack>
  );
}

/** '+5' in green or '−3' in red; with `withTokenType`, 'Flexibles' or 'Empresa' under it. */
export function HistoryAmount({ entry, withTokenType = true }: { entry: HistoryEntry; withTokenType?: boolean }) {
  const isCredit = entry.type === 'add';
  return (
    <Stack gap={0}>
      <Text fw={700} className={isCredit ? classes.credit : classes.debit} style={{ whiteSpace: 'nowrap' }}>
        {isCredit ? '+' : '−'}
        {Math.abs(entry.amount).toLocaleString('es-CL')}
      </Text>
      {withTokenType && (
        <Text size="xs" c="dimmed">
          {entry.tokenType === 'jobby' ? 'Flexibles' : 'Empresa'}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The columns of a token history. `user` adds whose wallet it is (level 1 sees everyone's); `wallet`
 * is the employee's own wallet of one token type: no owner, no token type under the amount, and the
 * balance after alone (the card above says which balance).
 */
export function tokenHistoryColumns(view: 'platform' | 'wallet', action?: (entry: HistoryEntry) => ReactNode): DataTableColumn<HistoryEntry>[] {
  const wallet = view === 'wallet';
  return [
    ...(wallet ? [] : [{ key: 'user', header: 'Usuario', render: (e: HistoryEntry) => <Text fw={600}>{e.userName ?? 'Usuario desconocido'}</Text> }]),
    ...(wallet ? [dateTimeColumn<HistoryEntry>('date', 'Fecha', (e) => e.createdAt)] : []),
    { key: 'type', header: wallet ? 'Movimiento' : 'Tipo', noWrap: true, render: (e) => <MovementTypeBadge entry={e} /> },
    { key: 'amount', header: 'Cantidad', render: (e) => <HistoryAmount entry={e} withTokenType={!wallet} /> },
    {
      key: 'reason',
      header: 'Motivo',
      render: (e) => (
        <Text size="sm" lineClamp={2} maw={260}>
          {e.reason ?? '—'}
        </Text>
      ),
    },
    { key: 'by', header: 'Por', render: (e) => e.actorName ?? 'Sistema' },
    {
      key: 'balance',
      header: wallet ? 'Saldo después' : 'Saldo',
      noWrap: true,
      render: (e) =>
        wallet ? (
          <Text span fw={700} inherit data-testid="wallet-balance-after">
            {e.balanceAfter.toLocaleString('es-CL')}
          </Text>
        ) : (
          <>
            {e.balanceBefore.toLocaleString('es-CL')} →{' '}
            <Text span fw={700} inherit>
              {e.balanceAfter.toLocaleString('es-CL')}
            </Text>
          </>
        ),
    },
    ...(wallet ? [] : [dateTimeColumn<HistoryEntry>('date', 'Fecha', (e) => e.createdAt)]),
    // The row's action ('Revertir' a grant, for the levels that may), when the screen has one.
    ...(action ? [actionsColumn<HistoryEntry>(action)] : []),
  ];
}

/** The type filter: four segments where they fit, the same choices as a select on a phone. */
export function TokenHistoryTypeFilter({ value, onChange, color }: { value: TokenHistoryType; onChange: (next: TokenHistoryType) => void; color: string }) {
  return (
    <>
      <SegmentedControl aria-label="Filtrar por tipo" data={TOKEN_HISTORY_FILTERS} value={value} onChange={(next) => onChange(next as TokenHistoryType)} color={color} size="sm" visibleFrom="sm" />
      {/* Four segments do not fit a phone's width: the same filter as a select there. */}
      <Select
        aria-label="Filtrar por tipo"
        data={TOKEN_HISTORY_FILTERS}
        value={value}
        onChange={(next) => onChange((next ?? 'all') as TokenHistoryType)}
        allowDeselect={false}
        hiddenFrom="sm"
        style={{ flex: '1 1 100%' }}
      />
    </>
  );
}
