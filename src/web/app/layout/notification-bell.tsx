import { ActionIcon, Badge, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '#domain/dates';
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from '../../api/notifications';
import { useIdleAfterFirstPaint } from '../../lib/when-idle';

const PAGE = 10;

/** The header's bell (decision 84): the unread count, and the newest notifications. */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  // Counted once the screen has been painted and the page is quiet: the count's request must not go
  // before the screen's own text (decision 332).
  const unread = useUnreadCount(useIdleAfterFirstPaint()).data?.unread ?? 0;
  const list = useNotifications(limit, opened);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();
  const items = list.data?.items ?? [];
  const label = unread > 0 ? `Notificaciones (${unread} sin leer)` : 'Notificaciones';

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label="Notificaciones" disabled={opened}>
          <Indicator label={unread > 99 ? '99+' : unread} size={16} offset={4} disabled={unread === 0} data-testid="bell-badge">
            <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={() => setOpened((o) => !o)} data-testid="bell">
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0} maw="calc(100vw - 16px)">
        <Group justify="space-between" px="sm" py={8} gap={4} wrap="wrap">
          <Text fw={700}>Notificaciones</Text>
          <Button variant="subtle" size="compact-xs" styles={{ label: { overflow: 'visible' } }} onClick={() => markAll.mutate()} disabled={unread === 0} loading={markAll.isPending}>
            Marcar todas como leídas
          </Button>
        </Group>
        <ScrollArea.Autosize mah={360}>
          {list.isLoading && (
            <Text size="sm" c="dimmed" px="sm" py="md">
              Cargando notificaciones...
            </Text>
          )}
          {list.isError && (
            <Text size="sm" c="red" px="sm" py="md">
              No se pudieron cargar las notificaciones
            </Text>
          )}
          {list.isSuccess && items.length === 0 && (
            <Text size="sm" c="dimmed" px="sm" py="md">
              No tienes notificaciones
            </Text>
          )}
          <Stack gap={0}>
            {items.map((item) => (
              <UnstyledButton
                key={item.id}
                px="sm"
                py={8}
                data-testid="notification-item"
                style={{ borderTop: '1px solid var(--mantine-color-default-border)', background: item.read ? undefined : 'var(--mantine-color-brand-light)' }}
                onClick={() => {
                  if (!item.read) markRead.mutate(item.id);
                  setOpened(false);
                  navigate(item.link);
                }}
              >
                <Group gap={6} wrap="nowrap" justify="space-between">
                  <Text size="sm" fw={item.read ? 500 : 700}>
                    {item.title}
                  </Text>
                  {item.resolved && (
                    <Badge variant="neutral" size="sm" data-testid="notification-resolved">
                      Ya resuelta
                    </Badge>
                  )}
                </Group>
                <Text size="sm">{item.body}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(item.createdAt)}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
          {list.data && list.data.total > items.length && (
            <Button variant="subtle" fullWidth size="xs" onClick={() => setLimit((l) => Math.min(l + PAGE, 100))}>
              Ver más
            </Button>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
