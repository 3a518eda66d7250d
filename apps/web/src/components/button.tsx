import type { ComponentProps } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

// ComponentProps carries ref (React 19 passes it as a prop), so a page can focus its buttons.
type Props = ComponentProps<'button'> & {
  variant?: Variant;
  /** While busy the button is disabled and shows busyLabel (e.g. 'Saving…'). */
  busy?: boolean;
  busyLabel?: string;
};

export function Button({ variant = 'primary', busy, busyLabel, children, className, disabled, type, ...rest }: Props) {
  return (
    <button
      type={type ?? 'button'}
      className={['btn', `btn-${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
