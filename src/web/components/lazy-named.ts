import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * `React.lazy` for a component a module exports by name: the module becomes its own chunk, fetched
 * the first time the component renders (inside a Suspense boundary: the layout's, for a screen).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the component's own type is kept
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
