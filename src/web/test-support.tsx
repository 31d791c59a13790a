import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';

/** jsdom lacks these; Mantine reads them (STACK-NOTES "jsdom + Mantine"). Call in `beforeAll`. */
export function stubBrowserForMantine() {
  window.matchMedia ??= ((query: string) => ({
    matches: false, media: query, onchange: null,
    addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
}

/** Mantine without transitions, for Testing Library's `wrapper`. */
export const MantineTestProvider = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;
