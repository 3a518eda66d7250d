import { JOIN_PLANS, type JoinPlanKey } from '@th/contracts/join';
import styles from './join.module.css';

/** The plan choice: one radio group styled as cards, reachable as /join#plans. */
export function PlanPicker({ value, onChange, error }: { value: JoinPlanKey; onChange: (plan: JoinPlanKey) => void; error?: string }) {
  return (
    <fieldset id="plans" className={styles.plans} aria-describedby={error ? 'plans-error' : undefined}>
      <legend className={styles.stepTitle}>1. Choose your plan</legend>
      <div className={styles.planGrid}>
        {JOIN_PLANS.map((plan) => (
          <label key={plan.key} className={value === plan.key ? `${styles.plan} ${styles.selected}` : styles.plan}>
            <input
              type="radio"
              name="plan"
              value={plan.key}
              checked={value === plan.key}
              onChange={() => onChange(plan.key)}
            />
            <span className={styles.planName}>{plan.name}</span>
            <span className={styles.planPrice}>
              <strong>${plan.monthly}</strong> / month, billed annually
            </span>
            <span className={styles.planSummary}>{plan.summary}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="field-error" id="plans-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
