// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { RequestStatus } from '../../domain/constants';
import type { RequestAudience } from '../../domain/request-lifecycle';
import { HistoryTypeBadge, RequestStatusBadge, StatusBadge } from '../components/badges';
import { stubBrowserForMantine } from '../test-support';
import { BADGE_VARIANTS } from './badge-variants';
import { theme } from './theme';

/** The shared badges (components/badges.tsx) with the app's theme: labels per audience, AA variants. */
beforeAll(stubBrowserForMantine);
afterEach(cleanup);

const wrapper = ({ children }: { children: ReactNode }) => (
  <MantineProvider env="test" theme={theme}>
    {children}
  </MantineProvider>
);

/** The badge's root (Mantine's `.mantine-Badge-root`) holding `text`. */
function badge(text: string): HTMLElement {
  const root = screen.getByText(text).closest<HTMLElement>('.mantine-Badge-root');
  if (!root) throw new Error(`no badge reads ${text}`);
  return root;
}

describe('StatusBadge', () => {
  it('reads Activo in green with the AA text, Inactivo in gray', () => {
    render(<><StatusBadge isActive /><StatusBadge isActive={false} /></>, { wrapper });
    expect(badge('Activo').dataset.variant).toBe('success');
    expect(badge('Activo').style.getPropertyValue('--badge-color')).toBe(BADGE_VARIANTS.success.text);
    expect(badge('Activo').style.getPropertyValue('--badge-bg')).toBe('var(--mantine-color-green-light)');
    expect(badge('Inactivo').dataset.variant).toBe('neutral');
  });

  it('reads Activa / Inactiva for a company', () => {
    render(<><StatusBadge isActive feminine /><StatusBadge isActive={false} feminine /></>, { wrapper });
    expect(badge('Activa').dataset.variant).toBe('success');
    expect(badge('Inactiva').dataset.variant).toBe('neutral');
  });
});

describe('RequestStatusBadge', () => {
  /** Each badge a request status shows, and the (status, audience) pairs that show it. */
  const badges: Array<{ label: string; variant: keyof typeof BADGE_VARIANTS; readers: Array<[RequestStatus, RequestAudience]> }> = [
    { label: 'Requiere Gestión', variant: 'attention', readers: [['pending_admin_approval', 'admin']] },
    {
      label: 'Pendiente',
      variant: 'warning',
      readers: [
        ['pending_provider_approval', 'admin'], ['pending', 'admin'], ['pending_admin_approval', 'employee'], ['pending_provider_approval', 'employee'],
        ['pending_admin_approval', 'hr'], ['pending', 'hr'], ['pending_provider_approval', 'provider'],
      ],
    },
    { label: 'Aprobada', variant: 'success', readers: [['approved', 'employee'], ['approved', 'admin']] },
    { label: 'Rechazada', variant: 'danger', readers: [['rejected', 'hr'], ['rejected', 'provider']] },
  ];
  const cases = badges.flatMap(({ label, variant, readers }) => readers.map(([status, audience]) => [status, audience, label, variant] as const));
  it.each(cases)('%s read by %s is %s (%s)', (status, audience, label, variant) => {
    render(<RequestStatusBadge status={status} audience={audience} />, { wrapper });
    const root = badge(label);
    expect(root.dataset.variant).toBe(variant);
    expect(root.style.getPropertyValue('--badge-color')).toBe(BADGE_VARIANTS[variant].text);
  });

  it('keeps the size it is given', () => {
    render(<RequestStatusBadge status="approved" audience="employee" size="lg" />, { wrapper });
    expect(badge('Aprobada').dataset.size).toBe('lg');
  });
});

describe('HistoryTypeBadge', () => {
  it('reads Añadido, Quitado and Usado in green, red and blue', () => {
    render(<><HistoryTypeBadge type="add" /><HistoryTypeBadge type="remove" /><HistoryTypeBadge type="used" /></>, { wrapper });
    expect(badge('Añadido').dataset.variant).toBe('success');
    expect(badge('Quitado').dataset.variant).toBe('danger');
    expect(badge('Usado').dataset.variant).toBe('info');
    expect(badge('Usado').style.getPropertyValue('--badge-bg')).toBe('var(--mantine-color-blue-light)');
  });
});
