/**
 * The one `z` of the project's schemas: zod with its Spanish locale, so that every message zod writes
 * by itself (a wrong type, a too-long text, an unknown option) reaches a caller or a screen in Spanish.
 * Every schema module imports `z` from here, so the server and the web both load the locale with
 * their first schema; `z.config` is global, which also covers code that imports 'zod' directly.
 */
import { z } from 'zod';

z.config(z.locales.es());

export { z };
