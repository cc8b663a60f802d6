export { SideBySideView } from './SideBySideView.tsx';
