import { useState, type ReactNode } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { Box, Card, type MantineBreakpoint, Center, Group, Pagination, Paper, ScrollArea, SimpleGrid, type SimpleGridProps, Skeleton, Stack, Table, type TableProps, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { messageOf } from '../api/client';
import { ErrorState } from './error-state';

/** A column; on a phone the first one is the row card's title and the others read "header: value". */
export type DataTableColumn<Row> = {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** Right-aligned, no wrap: for the actions column (on a phone, the row card's footer). */
  isActions?: boolean;
  /** Keeps the cell on one line (dates, badges, phone numbers). */
  noWrap?: boolean;
  /**
   * A less important column: below this breakpoint the table hides it and shows "header: value" under
   * the first column's value instead, so a wide table fits a laptop without scrolling sideways.
   */
  foldBelow?: MantineBreakpoint;
};

type DataTableEmpty = { icon?: ReactNode; title: string; description?: string; action?: ReactNode };

type DataTableOptions<Row> = {
  /** Names the table for screen readers. */
  label: string;
  columns: DataTableColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  /** Total rows on the server (all pages); without it, the rows given. */
  total?: number;
  /** The total is a lower bound (the server stopped counting): the pager reads "más de N". */
  totalIsCapped?: boolean;
  /** 1-based. Without `onPageChange` the table has no pager (a short list shown whole). */
  page?: number;
  /** Rows per page (10 unless given); also the number of skeleton rows, up to 5. */
  pageSize?: number;
  onPageChange?: (page: number) => void;
  /** The search box is shown when both are given; the caller debounces and resets the page. */
  search?: string;
  onSearchChange?: (search: string) => void;
  searchPlaceholder?: string;
  isLoading: boolean;
  /** A message when the page could not be loaded; shown with a retry button. */
  error?: string | null;
  onRetry?: () => void;
  /** What an empty list shows; `filteredEmpty` when a search finds nothing. */
  empty: DataTableEmpty;
  filteredEmpty?: DataTableEmpty;
  /** Each row as a card at every width, in a grid, instead of a table (`columns` may then be empty). */
  renderCard?: (row: Row) => ReactNode;
  /** More filters, next to the search box; `isFiltered` says one of them is set (for `filteredEmpty`). */
  filters?: ReactNode;
  isFiltered?: boolean;
  /** The columns of the `renderCard` grid (1 on a phone, 2 from sm, 3 from lg unless given). */
  cardColumns?: SimpleGridProps['cols'];
  /** The card's title row, above the search and filters. */
  heading?: ReactNode;
  /** The rows shown are the previous page's while the next one loads: they are dimmed. */
  isRefreshing?: boolean;
};

const PAGINATION_LABELS = { first: 'Primera página', previous: 'Página anterior', next: 'Página siguiente', last: 'Última página' } as const;

/** Number of pages for `total` rows (at least 1, so the pager never reads "0 de 0"). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function EmptyState({ icon, title, description, action }: DataTableEmpty) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" maw={420}>
        {icon && (
          <ThemeIcon size={52} radius="xl" variant="light" color="admin" aria-hidden>
            {icon}
          </ThemeIcon>
        )}
        <Text fw={600} ta="center">
          {title}
        </Text>
        {description && (
          <Text c="dimmed" ta="center" size="sm">
            {description}
          </Text>
        )}
        {action}
      </Stack>
    </Center>
  );
}

/** The folded columns' values, under the first cell, each shown only below its `foldBelow` breakpoint. */
function FoldedCells<Row>({ columns, row }: { columns: DataTableColumn<Row>[]; row: Row }) {
  const folded = columns.filter((column) => column.foldBelow);
  if (folded.length === 0) return null;
  return (
    <Group gap="xs" mt={2} wrap="wrap" style={{ rowGap: 0 }}>
      {folded.map((column) => (
        <Text key={column.key} component="div" size="xs" c="dimmed" hiddenFrom={column.foldBelow}>
          {column.header}: {column.render(row)}
        </Text>
      ))}
    </Group>
  );
}

/** Below the `sm` breakpoint each row is a small card: a table seven columns wide cannot be read on a phone. */
function PhoneRows<Row>({ columns, rows, rowKey, label }: Pick<DataTableOptions<Row>, 'columns' | 'rowKey' | 'label'> & { rows: Row[] }) {
  const [title, ...rest] = columns.filter((column) => !column.isActions);
  const actions = columns.filter((column) => column.isActions);
  return (
    <Stack gap="sm" hiddenFrom="sm" role="list" aria-label={label}>
      {rows.map((row) => (
        <Paper key={rowKey(row)} withBorder radius="md" p="sm" role="listitem">
          <Box mb={6}>{title?.render(row)}</Box>
          {rest.map((column) => (
            <Group key={column.key} gap={6} wrap="nowrap" align="baseline">
              <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {column.header}:
              </Text>
              <Box fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {column.render(row)}
              </Box>
            </Group>
          ))}
          {actions.map((column) => (
            <Group key={column.key} mt="sm" gap={6} wrap="wrap">
              {column.render(row)}
            </Group>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * A server-paged table in a card: search box, skeleton rows while loading, an empty state, an
 * error with retry, and a pager. The rows come already paged from the API (lists are never loaded
 * whole); on a phone each row becomes a card.
 */
export function DataTable<Row>(options: DataTableOptions<Row>) {
  const { label, columns, rows, rowKey, page = 1, pageSize = 10, onPageChange, search, onSearchChange, isLoading, error, onRetry } = options;
  const total = options.total ?? rows?.length ?? 0;
  const hasSearch = search !== undefined && onSearchChange !== undefined;
  const isFiltered = (hasSearch && search.trim() !== '') || options.isFiltered === true;
  const pages = pageCount(total, pageSize);

  let body: ReactNode;
  if (error) {
    body = <ErrorState message={error} onRetry={onRetry} />;
  } else if (isLoading && !rows) {
    body = (
      <Stack gap="xs" role="status" aria-label="Cargando">
        {Array.from({ length: Math.min(pageSize, 5) }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Stack>
    );
  } else if (!rows || rows.length === 0) {
    body = <EmptyState {...(isFiltered && options.filteredEmpty ? options.filteredEmpty : options.empty)} />;
  } else if (options.renderCard) {
    const renderCard = options.renderCard;
    body = (
      <SimpleGrid cols={options.cardColumns ?? { base: 1, sm: 2, lg: 3 }} spacing="md" role="list" aria-label={label}>
        {rows.map((row) => (
          <div key={rowKey(row)} role="listitem">
            {renderCard(row)}
          </div>
        ))}
      </SimpleGrid>
    );
  } else {
    body = (
      <>
        <ScrollArea type="auto" offsetScrollbars visibleFrom="sm">
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={label} miw={columns.filter((column) => !column.foldBelow).length * 120}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} ta={column.isActions ? 'right' : undefined} visibleFrom={column.foldBelow}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column, index) => (
                    <Table.Td
                      key={column.key}
                      ta={column.isActions ? 'right' : undefined}
                      visibleFrom={column.foldBelow}
                      style={column.isActions || column.noWrap ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      {column.render(row)}
                      {index === 0 && <FoldedCells columns={columns} row={row} />}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <PhoneRows columns={columns} rows={rows} rowKey={rowKey} label={label} />
      </>
    );
  }

  return (
    <Card padding="lg">
      <Stack gap="md">
        {options.heading}
        {(hasSearch || options.filters) && (
          <Group gap="sm" wrap="wrap" align="flex-end">
            {hasSearch && (
              <TextInput
                aria-label={options.searchPlaceholder ?? 'Buscar'}
                placeholder={options.searchPlaceholder ?? 'Buscar'}
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(event) => onSearchChange(event.currentTarget.value)}
                w={420}
                maw="100%"
              />
            )}
            {options.filters}
          </Group>
        )}
        <Box style={options.isRefreshing ? { opacity: 0.6, transition: 'opacity 150ms' } : undefined}>{body}</Box>
        {!error && onPageChange && total > pageSize && (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed">
              Página {page} de {pages} · {options.totalIsCapped ? 'más de ' : ''}
              {total.toLocaleString('es-CL')} en total
            </Text>
            <Pagination total={pages} value={page} onChange={onPageChange} color="admin" size="sm" getControlProps={(control) => ({ 'aria-label': PAGINATION_LABELS[control] })} />
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The search box and page of a server-paged table: `search` is the debounced text to query with,
 * `tableProps` go to DataTable (typing goes back to page 1); `setPage(1)` when another filter changes.
 */
export function useTableSearch(debounceMs = 300) {
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, debounceMs);
  const [page, setPage] = useState(1);
  return {
    search,
    page,
    setPage,
    tableProps: {
      page,
      onPageChange: setPage,
      search: searchText,
      onSearchChange: (value: string) => {
        setSearchText(value);
        setPage(1);
      },
    },
  };
}

/** The parts of a TanStack query of a paged route (`{ items, total }`) a DataTable reads. */
export type PagedQuery<Row> = {
  data?: { items: Row[]; total: number };
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

/**
 * A DataTable's rows, total, loading and error from a paged query; `loadError` words the failure
 * (the server's reason unless given). The screen adds the label, columns, paging and texts.
 */
export function pagedTableProps<Row>(query: PagedQuery<Row>, loadError: (error: unknown) => string = messageOf) {
  return {
    rows: query.data?.items,
    total: query.data?.total ?? 0,
    isLoading: query.isPending,
    error: query.isError ? loadError(query.error) : null,
    onRetry: () => void query.refetch(),
  };
}

/**
 * A short read-only table shown whole (a dashboard's latest rows), scrolling sideways below
 * `minWidth`: the headers, then one row per item (`noWrap` keeps a cell on one line). The caller shows
 * its own line when there are no rows; DataTable is for lists with search, paging or states.
 */
export function SimpleTable<Row>({ columns, rows, rowKey, minWidth, ...table }: { columns: DataTableColumn<Row>[]; rows: Row[]; rowKey: (row: Row) => string; minWidth: number } & TableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.key} style={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}>
                  {column.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
