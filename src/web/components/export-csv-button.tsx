import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/**
 * 'Exportar CSV': a plain link the browser downloads with the session's cookie (the server streams the
 * file; nothing is loaded into the page). Level 1's lists, HR's users and token history, the provider's history.
 */
export function ExportCsvButton({ href, children = 'Exportar CSV' }: { href: string; children?: ReactNode }) {
  return (
    <Button component="a" href={href} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
      {children}
    </Button>
  );
}
