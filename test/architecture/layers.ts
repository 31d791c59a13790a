import path from 'node:path';
import { findCycles } from './graph';

/**
 * The layers of docs/architecture.md §2, as a rule over the import graph (graph.ts), decision 390.
 *
 * src/server has three layers. A unit is a top-level file or folder of src/server, or one
 * `modules/<concept>/` folder.
 * - floor: imports no module and no composition (the events core, the primitive every module records
 *   into, is a floor that lives under modules/);
 * - module: imports floors, and another module only through that module's `index.ts` (auth/ is the
 *   sign-in module; better-auth's wiring keeps it outside modules/);
 * - composition: wires the modules together; nothing below imports it.
 * The folder-level graph has no cycle.
 */
const SERVER_FLOORS = new Set(['db', 'config.ts', 'actor.ts', 'lib', 'accounts', 'http', 'modules/events']);
const SERVER_COMPOSITION = new Set([
  'app.ts',
  'access-hooks.ts',
  'routes.ts',
  'jobs.ts',
  'outbox-worker.ts',
  'event-handlers.ts',
  'demo',
  'main.ts',
  'start.ts',
  'start-warnings.ts',
  'import-legacy.ts',
]);

type Layer = 'floor' | 'module' | 'composition';
const RANK: Record<Layer, number> = { floor: 0, module: 1, composition: 2 };

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function serverUnit(relative: string): { unit: string; layer: Layer | null } {
  const parts = relative.split('/');
  const unit = parts[0] === 'modules' && parts.length > 2 ? `modules/${parts[1]}` : parts[0];
  if (SERVER_FLOORS.has(unit)) return { unit, layer: 'floor' };
  if (SERVER_COMPOSITION.has(unit)) return { unit, layer: 'composition' };
  if (unit.startsWith('modules/') || unit === 'auth') return { unit, layer: 'module' };
  return { unit, layer: null };
}

/** The violations of the server's rule in `graph` (files under `root`, paths relative to it in the messages). */
export function serverViolations(graph: Map<string, string[]>, root: string): string[] {
  const server = path.join(root, 'src/server');
  const inServer = (file: string) => file.startsWith(server + path.sep) && !isTest(file);
  const name = (file: string) => path.relative(root, file);
  const violations: string[] = [];
  const units = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    if (!inServer(file)) continue;
    const from = serverUnit(path.relative(server, file));
    if (from.layer === null) violations.push(`${name(file)}: not placed in a layer (test/architecture/layers.ts)`);
    for (const target of targets) {
      if (!inServer(target)) continue;
      const to = serverUnit(path.relative(server, target));
      if (to.unit === from.unit || to.layer === null || from.layer === null) continue;
      const arrow = `${name(file)} → ${name(target)}`;
      if (RANK[to.layer] > RANK[from.layer]) violations.push(`${arrow}: a ${from.layer} imports a ${to.layer} (imports point down)`);
      if (to.unit.startsWith('modules/') && path.basename(target) !== 'index.ts') {
        violations.push(`${arrow}: another module's file (import ${to.unit}/index)`);
      }
      if (to.unit === 'auth' && path.relative(server, target) !== 'auth/index.ts') violations.push(`${arrow}: auth's own file (import auth/index)`);
      (units.get(from.unit) ?? units.set(from.unit, new Set()).get(from.unit)!).add(to.unit);
    }
  }
  const unitGraph = new Map([...units].map(([unit, targets]) => [unit, [...targets]]));
  for (const cycle of findCycles(unitGraph)) violations.push(`folder cycle: ${cycle.join(' → ')}`);
  return violations;
}

/**
 * src/web: `features/<audience>/` (at any depth) import neither another feature nor `app/`;
 * `components/`, `api/` and `lib/` import neither; `api/` and `lib/` do not import `components/`,
 * and `lib/` (shared helpers with no data) does not import `api/`. src/domain imports nothing of ours
 * outside itself.
 */
export function webViolations(graph: Map<string, string[]>, root: string): string[] {
  const web = path.join(root, 'src/web');
  const domain = path.join(root, 'src/domain');
  const name = (file: string) => path.relative(root, file);
  const unitOf = (file: string) => {
    const parts = path.relative(web, file).split('/');
    return parts[0] === 'features' && parts.length > 2 ? `features/${parts[1]}` : parts[0];
  };
  const forbidden: Record<string, (to: string) => boolean> = {
    components: (to) => to.startsWith('features/') || to === 'app',
    api: (to) => to.startsWith('features/') || to === 'app' || to === 'components',
    lib: (to) => to.startsWith('features/') || to === 'app' || to === 'components' || to === 'api',
  };
  const violations: string[] = [];
  for (const [file, targets] of graph) {
    if (isTest(file)) continue;
    for (const target of targets) {
      const arrow = `${name(file)} → ${name(target)}`;
      if (file.startsWith(domain + path.sep)) {
        if (!target.startsWith(domain + path.sep)) violations.push(`${arrow}: domain imports nothing of ours`);
        continue;
      }
      if (!file.startsWith(web + path.sep) || !target.startsWith(web + path.sep)) continue;
      const from = unitOf(file);
      const to = unitOf(target);
      if (from === to) continue;
      if (from.startsWith('features/') && (to.startsWith('features/') || to === 'app')) {
        violations.push(`${arrow}: a feature imports ${to === 'app' ? 'app/' : 'another feature'} (compose in src/web/app)`);
      }
      if (forbidden[from]?.(to)) violations.push(`${arrow}: ${from}/ does not import ${to}/`);
    }
  }
  return violations;
}
