import { Component, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteName, RemoteProps, RuntimeConfig } from '@edicola/contracts';
import type { RemoteComponent } from '../remotes';

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/** Catches a remote that fails to load or to render, so only its own slot is lost. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

interface RemoteSlotProps {
  name: RemoteName;
  /** The lazy component of the remote (see lazyRemotes). */
  component: ComponentType<RemoteProps>;
  config: RuntimeConfig;
  /** Small slots (header, floating button) show a short notice and no loading text. */
  compact?: boolean;
  /** What the slot shows while the remote loads, instead of the loading text. */
  loading?: ReactNode;
}

/**
 * Renders one federated component with its own loading state and, when it fails or times out
 * (remotes.ts), a translated fallback with a retry button. The slot keeps its size meanwhile
 * (styles.css: .remote-slot-<slot>), so nothing below it jumps when the remote arrives.
 */
export function RemoteSlot({
  name,
  component: Remote,
  config,
  compact = false,
  loading: loadingView,
}: RemoteSlotProps) {
  const { t } = useTranslation('shell');
  const [attempt, setAttempt] = useState(0);
  const section = t(`remote.names.${name}`);
  const retry = () => {
    (Remote as Partial<RemoteComponent>).retry?.();
    setAttempt((n) => n + 1);
  };
  const fallback = (
    <div
      role="alert"
      data-testid={`remote-fallback-${name}`}
      className={compact ? 'remote-fallback compact' : 'remote-fallback'}
    >
      <span>
        {compact ? t('remote.unavailableShort', { section }) : t('remote.unavailable', { section })}
      </span>
      <button type="button" className="remote-retry" onClick={retry}>
        {t('remote.retry')}
      </button>
    </div>
  );
  const loading = compact
    ? null
    : (loadingView ?? (
        <div className="remote-loading" role="status">
          {t('remote.loading')}
        </div>
      ));
  return (
    <div className={`remote-slot remote-slot-${Remote.displayName ?? name}`}>
      <RemoteErrorBoundary key={attempt} fallback={fallback}>
        <Suspense fallback={loading}>
          <Remote config={config} />
        </Suspense>
      </RemoteErrorBoundary>
    </div>
  );
}
