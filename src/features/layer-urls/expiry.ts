import { MAX_TILE_KEY_SECONDS, MIN_TILE_KEY_SECONDS } from '../../../core/wire/limits.ts';

const DAY = 86_400;

/** How long a new tile key lives, from the service's shortest to its longest. */
export const EXPIRY_CHOICES: readonly { label: string; seconds: number }[] = [
  { label: '1 hour', seconds: MIN_TILE_KEY_SECONDS },
  { label: '1 day', seconds: DAY },
  { label: '7 days', seconds: 7 * DAY },
  { label: '30 days', seconds: 30 * DAY },
  { label: '90 days', seconds: MAX_TILE_KEY_SECONDS },
];
export const DEFAULT_EXPIRY = 7 * DAY;
