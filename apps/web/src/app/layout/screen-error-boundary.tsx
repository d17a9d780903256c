import { Component, type ReactNode } from 'react';
import { i18next } from '@/i18n';

interface State {
  failed: boolean;
}

/**
 * A screen that cannot load (its code did not arrive, typically offline) shows a calm
 * message with a retry instead of taking the whole app down.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="card stack" role="alert">
        <h1>{i18next.t('app.screenFailedTitle')}</h1>
        <p>{i18next.t('app.screenFailed')}</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {i18next.t('app.retry')}
        </button>
      </div>
    );
  }
}
