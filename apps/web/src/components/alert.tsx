import type { ReactNode } from 'react';

type Tone = 'info' | 'success' | 'warning' | 'error';

/** Status text announced to screen readers; errors interrupt, the rest wait politely. */
export function Alert({ tone = 'info', children, onDismiss }: { tone?: Tone; children: ReactNode; onDismiss?: () => void }) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="alert-body">{children}</div>
      {onDismiss && (
        <button type="button" className="alert-dismiss" onClick={onDismiss} aria-label="Dismiss">
          ×
        </button>
      )}
    </div>
  );
}
