/** The counters module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { countEvents, counterValue } from './service';
