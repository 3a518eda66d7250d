import { JOIN_PLANS, type JoinPlanKey } from '@th/contracts';

/** The plan choice: one radio group styled as cards, reachable as /join#plans. */
export function PlanPicker({ value, onChange, error }: { value: JoinPlanKey; onChange: (plan: JoinPlanKey) => void; error?: string }) {
  return (
    <fieldset id="plans" className="join-plans" aria-describedby={error ? 'plans-error' : undefined}>
      <legend className="join-step-title">1. Choose your plan</legend>
      <div className="join-plan-grid">
        {JOIN_PLANS.map((plan) => (
          <label key={plan.key} className={`join-plan${value === plan.key ? ' is-selected' : ''}`}>
            <input
              type="radio"
              name="plan"
              value={plan.key}
              checked={value === plan.key}
              onChange={() => onChange(plan.key)}
            />
            <span className="join-plan-name">{plan.name}</span>
            <span className="join-plan-price">
              <strong>${plan.monthly}</strong> / month, billed annually
            </span>
            <span className="join-plan-summary">{plan.summary}</span>
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
