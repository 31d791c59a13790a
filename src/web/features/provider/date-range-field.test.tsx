// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineTestProvider, stubBrowserForMantine } from '../../test-support';
import { DateRangeField } from './date-range-field';

beforeAll(stubBrowserForMantine);
afterEach(cleanup);

describe('DateRangeField loads its calendar when first opened (decision 300)', () => {
  it('is the labelled, closed field until pressed, then opens the Spanish calendar', async () => {
    render(<DateRangeField label="Fechas" value={[null, null]} onChange={() => {}} />, { wrapper: MantineTestProvider });
    const field = screen.getByLabelText('Fechas');
    expect(field.tagName).toBe('BUTTON');
    expect(field.textContent).toBe('dd/mm/aaaa – dd/mm/aaaa');
    expect(screen.queryByRole('button', { name: 'Mes anterior' })).toBeNull();

    fireEvent.click(field);
    expect(await screen.findByRole('button', { name: 'Mes anterior' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByLabelText('Fechas').textContent).toBe('dd/mm/aaaa – dd/mm/aaaa');
  });
});
