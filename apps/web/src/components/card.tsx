import type { HTMLAttributes, ReactNode } from 'react';

type Props = HTMLAttributes<HTMLElement> & { title?: ReactNode; actions?: ReactNode };

export function Card({ title, actions, children, className, ...rest }: Props) {
  return (
    <section className={['card', className].filter(Boolean).join(' ')} {...rest}>
      {(title || actions) && (
        <div className="card-header">
          {title && <h2 className="card-title">{title}</h2>}
          {actions && <div className="card-actions">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}
