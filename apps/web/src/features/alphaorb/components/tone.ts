import styles from './alphaorb.module.css';

/** The class of a tone the monitor answers (info, success, warning, danger); none for another. */
export function toneClass(tone: string | undefined): string | undefined {
  if (!tone) return undefined;
  return styles[`tone${tone.charAt(0).toUpperCase()}${tone.slice(1)}`];
}

/** A rounded status pill, in its tone's colour when it has one. */
export function pillClass(tone?: string): string {
  return [styles.pill, toneClass(tone)].filter(Boolean).join(' ');
}
