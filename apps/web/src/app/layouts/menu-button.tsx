import type { Ref } from 'react';
import { Icon } from '@/components/icons';
import styles from './platform-layout.module.css';

type Props = { open: boolean; controls: string; onClick: () => void; ref: Ref<HTMLButtonElement> };

/** The small screens' button that opens and closes a layout's sidebar (use-mobile-sidebar). */
export function MenuButton({ open, controls, onClick, ref }: Props) {
  return (
    <button
      ref={ref}
      type="button"
      className={styles.menuButton}
      aria-label={open ? 'Close menu' : 'Open menu'}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onClick}
    >
      <Icon name="menu" />
    </button>
  );
}
