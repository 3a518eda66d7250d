import { Badge } from '@/components/badge';
import { Card } from '@/components/card';
import styles from './alphaorb.module.css';

const PLANNED = [
  'Session scheduling and multi-range control',
  'Risk-based position sizing and controls',
  'Dynamic range adjuster',
  'Execution logic options',
  'Target and stop management',
  'Strategy intelligence suite',
  'Notifications and reporting',
];

/** The planned features of §2.3, shown on create and settings. */
export function AdvancedSettingsCard() {
  return (
    <Card title="Advanced Settings" actions={<Badge>Coming Soon</Badge>} className={styles.advanced}>
      <ul className={styles.advancedList}>
        {PLANNED.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Card>
  );
}
