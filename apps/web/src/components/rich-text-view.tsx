import { sanitizePostHtml, sanitizeRichText } from '@/lib/sanitize';
import styles from '@/components/rich-text.module.css';

/**
 * Stored journal HTML, sanitized again before it reaches the page. Apart from the editor, so
 * reading a journal never downloads the editor.
 */
export function RichTextView({ html, empty, mentions = false }: { html: string | null; empty: string; /** Community posts: keep @mentions. */ mentions?: boolean }) {
  const clean = mentions ? sanitizePostHtml(html) : sanitizeRichText(html);
  if (!clean.trim()) return <p className="muted">{empty}</p>;
  return <div className={styles.richTextView} dangerouslySetInnerHTML={{ __html: clean }} />;
}
