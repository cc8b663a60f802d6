export { PortfolioPanel } from './PortfolioPanel.tsx';
export { PortfolioSync } from './PortfolioSync.tsx';
