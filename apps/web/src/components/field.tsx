import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

type Labelled = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /**
   * False when the form already shows this error in its alert: the field is still marked invalid
   * and described by it for screen readers, but the words are not repeated under it on screen.
   */
  errorShown?: boolean;
};

/** The ids that tie a control to its hint and error, for aria-describedby. */
function useDescription(id: string | undefined, hint: ReactNode, error: string | null | undefined) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return {
    controlId,
    hintId,
    errorId,
    aria: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    },
  };
}

function Notes({
  hint,
  hintId,
  error,
  errorId,
  errorShown = true,
}: {
  hint: ReactNode;
  hintId?: string;
  error?: string | null;
  errorId?: string;
  errorShown?: boolean;
}) {
  return (
    <>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className={errorShown ? 'field-error' : 'visually-hidden'} id={errorId}>
          {error}
        </p>
      )}
    </>
  );
}

const fieldClass = (className: string | undefined) => ['field', className].filter(Boolean).join(' ');

/**
 * A labelled input with its hint and error wired to aria-describedby. It takes
 * react-hook-form's `register(name)` (ref included) as props, so a field is one line.
 */
export function Field({ label, hint, error, errorShown, id, className, ...input }: ComponentPropsWithRef<'input'> & Labelled) {
  const d = useDescription(id, hint, error);
  return (
    <div className={fieldClass(className)}>
      <label htmlFor={d.controlId}>{label}</label>
      <input id={d.controlId} {...d.aria} {...input} />
      <Notes hint={hint} hintId={d.hintId} error={error} errorId={d.errorId} errorShown={errorShown} />
    </div>
  );
}

/** A labelled select; its options are the children. */
export function SelectField({ label, hint, error, errorShown, id, className, children, ...select }: ComponentPropsWithRef<'select'> & Labelled) {
  const d = useDescription(id, hint, error);
  return (
    <div className={fieldClass(className)}>
      <label htmlFor={d.controlId}>{label}</label>
      <select id={d.controlId} {...d.aria} {...select}>
        {children}
      </select>
      <Notes hint={hint} hintId={d.hintId} error={error} errorId={d.errorId} errorShown={errorShown} />
    </div>
  );
}

/** A labelled textarea. */
export function TextareaField({ label, hint, error, errorShown, id, className, ...textarea }: ComponentPropsWithRef<'textarea'> & Labelled) {
  const d = useDescription(id, hint, error);
  return (
    <div className={fieldClass(className)}>
      <label htmlFor={d.controlId}>{label}</label>
      <textarea id={d.controlId} {...d.aria} {...textarea} />
      <Notes hint={hint} hintId={d.hintId} error={error} errorId={d.errorId} errorShown={errorShown} />
    </div>
  );
}

/**
 * A checkbox inside its label (the label text follows the box). `className` goes on the label,
 * which is the whole row, so each form keeps its own check style.
 */
export function CheckboxField({ label, hint, error, errorShown, id, className, ...input }: Omit<ComponentPropsWithRef<'input'>, 'type'> & Labelled) {
  const d = useDescription(id, hint, error);
  return (
    <>
      <label className={className}>
        {/* The space parts box and text in a plain label; a flex label drops it and uses its gap. */}
        <input type="checkbox" id={d.controlId} {...d.aria} {...input} />{' '}
        {label}
      </label>
      <Notes hint={hint} hintId={d.hintId} error={error} errorId={d.errorId} errorShown={errorShown} />
    </>
  );
}
