import { createElement, use, type ComponentProps, type ComponentType, type FunctionComponent } from 'react';

/** A component whose module is fetched the first time it renders, or earlier through `preload()`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the component's own type is kept
export type LazyComponent<C extends ComponentType<any>> = FunctionComponent<ComponentProps<C>> & {
  /** Starts fetching the module (once); resolves when it has arrived, never rejects. */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` for a component a module exports by name: the module becomes its own chunk, fetched
 * the first time the component renders (inside a Suspense boundary: the layout's, for a screen) or
 * when `preload()` is called. Unlike `React.lazy`, a component whose module has already arrived
 * renders at once instead of suspending for one more round of the event loop: the screen a tab opens
 * on is drawn in one render, not fallback first and then, up to React's 300 ms reveal throttle later,
 * the screen (decision 330). A module that failed to load stays failed, as with `React.lazy`: the
 * error reaches the render.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the component's own type is kept
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K): LazyComponent<M[K]> {
  let module: Promise<M> | undefined;
  const start = (): Promise<M> => {
    if (module) return module;
    const loading = load();
    // How it ended, written on the promise the way React's `use` reads it, so a render after the
    // module has arrived reads it synchronously.
    loading.then(
      (value) => Object.assign(loading, { status: 'fulfilled', value }),
      (reason: unknown) => Object.assign(loading, { status: 'rejected', reason }),
    );
    module = loading;
    return loading;
  };
  const Lazy = (props: ComponentProps<M[K]>) => createElement(use(start())[name], props);
  Lazy.displayName = `Lazy(${String(name)})`;
  return Object.assign(Lazy, {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}
