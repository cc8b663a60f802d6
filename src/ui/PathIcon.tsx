import type { ReactNode } from 'react';

/** An 18 px line icon on a 20 × 20 grid, in the text colour; hidden from assistive technology. */
export const LineIcon = ({ children }: { children: ReactNode }) => (
  <svg
    viewBox="0 0 20 20"
    width="18"
    height="18"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {children}
  </svg>
);

/** A line icon drawn from one SVG path. */
export const PathIcon = ({ d }: { d: string }) => (
  <LineIcon>
    <path d={d} />
  </LineIcon>
);
