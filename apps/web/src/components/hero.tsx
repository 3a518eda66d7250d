import type { ReactNode } from 'react';

/** The heading band at the top of each platform page. */
export function Hero({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-hero">
      <div>
        <h1>{title}</h1>
        {subtitle && <p className="page-hero-subtitle">{subtitle}</p>}
      </div>
      {children && <div className="page-hero-actions">{children}</div>}
    </header>
  );
}
