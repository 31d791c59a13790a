import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { variantColorResolver } from './badge-variants';

/** One theme for the whole app (LOOK-AND-FEEL.md): brand purple, gold call-to-action, deep blue for admin. */
const brand: MantineColorsTuple = ['#f5effa', '#e6dbf1', '#cbb3e3', '#ae89d5', '#9566c9', '#8650c2', '#6B3AA0', '#5f3290', '#532b80', '#452270'];
const gold: MantineColorsTuple = ['#fdf7e7', '#f8ecc7', '#f0d98f', '#e8c555', '#e1b42c', '#D4A645', '#C9A23E', '#a8842f', '#8a6b24', '#6b5219'];
const admin: MantineColorsTuple = ['#ebf2fa', '#d4e2f2', '#a7c3e4', '#77a2d6', '#5086ca', '#3a74c3', '#2c5282', '#264a76', '#1f3e63', '#173150'];

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand, gold, admin },
  primaryShade: { light: 6, dark: 4 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  fontFamilyMonospace: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace',
  defaultRadius: 'md',
  // Filled components pick dark or light text by luminance: white on gold would fail WCAG AA.
  autoContrast: true,
  // Badge variants 'success', 'danger', 'warning', 'attention', 'info', 'neutral': AA text on their tint.
  variantColorResolver,
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'lg', shadow: 'xs' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Modal: { defaultProps: { centered: true, radius: 'lg' } },
    // The bell's count: white on red.6 was 3.3:1; red.9 is 5.5:1 (decision 266).
    Indicator: { defaultProps: { color: 'red.9' } },
  },
});

/**
 * Secondary ("dimmed") text at WCAG AA contrast: Mantine's default gray is 3.3:1 on white. The text
 * of a disabled control too: it still says something ('Ya canjeado'), and Mantine's gray.5 on gray.2
 * was 1.75:1 (decision 266); #5c5f66 is 5.4:1 on it, #b0b3b8 6.5:1 on dark.6.
 * In the dark scheme the filled 'admin' and 'brand' buttons keep their light-scheme shade (shade 4
 * under white text was 3.75:1 and 4.2:1: 'Nuevo beneficio'), and links take brand.3 (brand.4 was
 * 3.7:1 on the dark page: 'Gestionar tokens de la empresa →').
 * A placeholder takes the dimmed colour too: the date pickers draw theirs as text (axe measured
 * 'dd/mm/aaaa' in gray.5 at 2.07:1 on the provider's and HR's history filter).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#666666', '--mantine-color-disabled-color': '#5c5f66', '--mantine-color-placeholder': '#666666' },
  dark: {
    '--mantine-color-dimmed': '#b0b3b8',
    '--mantine-color-placeholder': '#b0b3b8',
    '--mantine-color-disabled-color': '#b0b3b8',
    '--mantine-color-admin-filled': 'var(--mantine-color-admin-6)',
    '--mantine-color-admin-filled-hover': 'var(--mantine-color-admin-7)',
    '--mantine-color-brand-filled': 'var(--mantine-color-brand-6)',
    '--mantine-color-brand-filled-hover': 'var(--mantine-color-brand-7)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-3)',
  },
});
