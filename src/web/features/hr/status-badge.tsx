/** Kept for the screens not yet switched to the shared badge (src/web/components/badges.tsx). */
export { StatusBadge } from '../../components/badges';
