// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazyNamed } from './lazy-named';

afterEach(cleanup);

const screenModule = () => Promise.resolve({ Greeting: ({ name }: { name: string }) => <p>¡Hola, {name}!</p> });

describe('lazyNamed (decision 330)', () => {
  it('draws a module that has already arrived in the first render, without its loading state', async () => {
    const Greeting = lazyNamed(screenModule, 'Greeting');
    await Greeting.preload();
    render(
      <Suspense fallback={<p>Cargando...</p>}>
        <Greeting name="Camila" />
      </Suspense>,
    );
    expect(screen.getByText('¡Hola, Camila!')).toBeTruthy();
    expect(screen.queryByText('Cargando...')).toBeNull();
  });

  it('shows the loading state until a module that was not preloaded arrives', async () => {
    let arrive!: () => void;
    const arrival = new Promise<void>((resolve) => (arrive = resolve));
    const Greeting = lazyNamed(() => arrival.then(screenModule), 'Greeting');
    // React's test scope wants every render that may suspend on `use` awaited.
    await act(async () => {
      render(
        <Suspense fallback={<p>Cargando...</p>}>
          <Greeting name="Diego" />
        </Suspense>,
      );
    });
    expect(screen.getByText('Cargando...')).toBeTruthy();
    await act(async () => {
      arrive();
      await Greeting.preload();
    });
    expect(await screen.findByText('¡Hola, Diego!')).toBeTruthy();
  });

  it('fetches the module once, however often it is preloaded and drawn', async () => {
    let loads = 0;
    const Greeting = lazyNamed(() => {
      loads += 1;
      return screenModule();
    }, 'Greeting');
    await Promise.all([Greeting.preload(), Greeting.preload()]);
    render(<Greeting name="Sofía" />);
    expect(screen.getByText('¡Hola, Sofía!')).toBeTruthy();
    expect(loads).toBe(1);
  });
});
