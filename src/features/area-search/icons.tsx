import { LineIcon as Icon } from '../../ui/PathIcon.tsx';

const Dot = ({ x, y }: { x: number; y: number }) => <circle cx={x} cy={y} r="1.7" fill="currentColor" stroke="none" />;

export const PolygonIcon = () => (
  <Icon>
    <path d="M4 6.5 10.5 3 16.5 8 14 16 5 14.5Z" />
    <Dot x={4} y={6.5} />
    <Dot x={10.5} y={3} />
    <Dot x={16.5} y={8} />
    <Dot x={14} y={16} />
    <Dot x={5} y={14.5} />
  </Icon>
);

export const RectangleIcon = () => (
  <Icon>
    <rect x="3.5" y="5" width="13" height="10" rx="0.5" />
  </Icon>
);

export const CircleIcon = () => (
  <Icon>
    <circle cx="10" cy="10" r="6.5" />
    <Dot x={10} y={10} />
  </Icon>
);

export const FreehandIcon = () => (
  <Icon>
    <path d="M4 12c0-4 3-7.5 6.5-7.5S16 7 15 10s-4.5 2-5.5 4.5S12 17 14.5 16" />
  </Icon>
);

export const EditIcon = () => (
  <Icon>
    <path d="M4 15.5 5 12l7.5-7.5 2.5 2.5L7.5 14.5Z" />
    <path d="m11 6 2.5 2.5" />
  </Icon>
);

export const TrashIcon = () => (
  <Icon>
    <path d="M4.5 6h11M8 6V4.5h4V6M6 6l.7 9.5h6.6L14 6" />
  </Icon>
);
