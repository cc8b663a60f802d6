/** An 18 px line icon drawn from one SVG path, in the text colour; hidden from assistive technology. */
export const PathIcon = ({ d }: { d: string }) => (
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
    <path d={d} />
  </svg>
);
