import type { ReactNode } from 'react';
import { brand } from '@/config/brand';
import styles from './legal-page.module.css';

export type LegalSection = { id: string; title: string; body: ReactNode };

/** Terms and privacy share one readable layout: a contents list, then numbered sections. */
export function LegalPage({ title, updated, intro, sections }: { title: string; updated: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <article className={styles.legal} aria-labelledby="legal-title">
      <header>
        <h1 id="legal-title">{title}</h1>
        <p className="muted">Last updated {updated}</p>
        <div className={styles.legalIntro}>{intro}</div>
      </header>
      <nav aria-label="Contents" className={styles.legalToc}>
        <h2 className={styles.legalTocTitle}>Contents</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
      <footer className={styles.legalContact}>
        <p>
          Questions about this page? Write to <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>.
        </p>
      </footer>
    </article>
  );
}
