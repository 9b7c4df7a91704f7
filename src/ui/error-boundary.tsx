import { Component, type ReactNode } from 'react';

interface BoundaryProps {
  /** What shows instead of the children once they failed to render; `reset` renders them again. */
  fallback: (reset: () => void) => ReactNode;
  onError?: (error: unknown) => void;
  /** A new value renders the children again (a message whose text changed gets another chance). */
  resetKey?: unknown;
  children: ReactNode;
}

/** Catches render errors in its children and shows its fallback in their place. */
export class Boundary extends Component<BoundaryProps, { failed: boolean; resetKey: unknown }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { resetKey: unknown }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}

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
 * The last line of defence around the whole widget: a render error that nothing closer caught (each
 * message has a boundary of its own) shows "Unexpected Application Error!" in the widget's place, so a
 * bug in the widget never reaches the store's page. "Reload assistant" renders again.
 */
export function ErrorBoundary({ message, retryLabel, floating, close, onError, children }: ErrorBoundaryProps) {
  return (
    <Boundary
      onError={onError}
      fallback={(reset) => (
        <div className={floating ? 'card floating-card' : 'card'} part="card">
          {close && (
            <button
              type="button"
              className="icon-button render-error-close"
              aria-label={close.label}
              onClick={close.onClose}
            >
              <span className="icon icon-close" aria-hidden="true" />
            </button>
          )}
          <div className="render-error" role="alert">
            <p>{message}</p>
            <button type="button" className="pill-button" onClick={reset}>
              {retryLabel}
            </button>
          </div>
        </div>
      )}
    >
      {children}
    </Boundary>
  );
}
