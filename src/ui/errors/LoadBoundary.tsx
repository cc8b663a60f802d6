import { Component, type ReactNode } from 'react';

interface LoadBoundaryProps {
  /** Shown when the part could not be loaded (e.g. its code was replaced by a new deployment); null shows nothing. */
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps the rest of the app working when a part loaded on demand fails to load or render. */
export class LoadBoundary extends Component<LoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
