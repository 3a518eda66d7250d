import { brand } from '@/config/brand';
import { Button } from '@/components/button';
import styles from './broker-link.module.css';

export type Platform = 'TradeLocker';

const PLATFORMS = [
  { name: 'TradeLocker', ready: true },
  { name: 'Tradovate', ready: false },
  { name: 'MetaTrader 4/5', ready: false },
] as const;

type Props = {
  platform: Platform | null;
  acknowledged: boolean;
  onPlatform: (platform: Platform) => void;
  onAcknowledged: (value: boolean) => void;
  onCancel: () => void;
  onContinue: () => void;
};

/** Step 1 'Select your platform': the risk disclaimer gate and the platform tiles. */
export function PlatformStep({ platform, acknowledged, onPlatform, onAcknowledged, onCancel, onContinue }: Props) {
  return (
    <>
      <h2 className={styles.stepTitle}>Select your platform</h2>
      <label className={styles.disclaimer}>
        <input type="checkbox" checked={acknowledged} onChange={(e) => onAcknowledged(e.target.checked)} />
        <span>
          I understand that trading involves substantial risk of loss. {brand.name} is for educational purposes only:
          it does not give financial advice, does not guarantee any profit and accepts no liability for my trading
          results or for actions taken on my linked accounts.
        </span>
      </label>
      <div className={styles.platformTiles} role="radiogroup" aria-label="Trading platform">
        {PLATFORMS.map((p) => {
          const chosen = platform === p.name;
          return (
            <button
              key={p.name}
              type="button"
              role="radio"
              aria-checked={chosen}
              disabled={!p.ready}
              className={chosen ? `${styles.platformTile} ${styles.chosen}` : styles.platformTile}
              onClick={() => p.ready && onPlatform(p.name as Platform)}
            >
              <span className={styles.platformTileName}>{p.name}</span>
              <span className={`badge ${p.ready ? 'badge-green' : 'badge-gray'}`}>{p.ready ? 'Ready' : 'Soon'}</span>
            </button>
          );
        })}
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onContinue} disabled={!platform || !acknowledged}>
          Continue
        </Button>
      </div>
    </>
  );
}
