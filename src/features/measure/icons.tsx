import { PathIcon } from '../../ui/PathIcon.tsx';

/** A ruler. */
export const DistanceIcon = () => <PathIcon d="M2.5 13.5 13.5 2.5l4 4-11 11ZM6 10l1.5 1.5M8.5 7.5l2 2M11 5l1.5 1.5" />;
/** A square with its corners marked. */
export const AreaIcon = () => <PathIcon d="M4 4h12v12H4ZM2.5 4h3M4 2.5v3M14.5 16h3M16 14.5v3" />;
/** A map pin. */
export const PointIcon = () => (
  <PathIcon d="M10 18s-5.5-5.2-5.5-9.5a5.5 5.5 0 0 1 11 0C15.5 12.8 10 18 10 18ZM10 6.5a2 2 0 1 0 0 4 2 2 0 0 0 0-4Z" />
);
