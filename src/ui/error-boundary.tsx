import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** The fallback's texts, passed in because the boundary must render even when the store is broken. */
  message: string;
  retryLabel: string;
  /** Floating mode places the fallback where the card would be. */
  floating: boolean;
  /** Floating mode: a close button, since on a phone the fallback covers the launcher too. */
  close?: { label: string; onClose: () => void } | undefined;
  onError?: (error: unknown) => void;
  children: ReactNode;
}

/**
 * Catches render errors anywhere in the widget and shows "Unexpected Application Error!" in its place,
 * so a bug in the widget never reaches the store's page. "Reload assistant" renders again.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={this.props.floating ? 'card floating-card' : 'card'} part="card">
        {this.props.close && (
          <button type="button" className="icon-button render-error-close" aria-label={this.props.close.label} onClick={this.props.close.onClose}>
            <span className="icon icon-close" aria-hidden="true" />
          </button>
        )}
        <div className="render-error" role="alert">
          <p>{this.props.message}</p>
          <button type="button" className="pill-button" onClick={() => this.setState({ failed: false })}>
            {this.props.retryLabel}
          </button>
        </div>
      </div>
    );
  }
}
