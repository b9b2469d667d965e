/**
 * A labelled form control with its hint and error, wired for assistive
 * technology (the label names the control, the hint and error describe it,
 * `aria-invalid` when there is an error).
 *
 * @example <Field label="Price" hint="e.g. 12.50" error={error}>{(props) => <input {...props} />}</Field>
 */
import { type ReactNode, useId } from "react";

export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

export function Field({
  label,
  hint,
  error,
  children,
  className,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children(props: FieldControlProps): ReactNode;
  className?: string;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const props: FieldControlProps = { id };
  if (described) props["aria-describedby"] = described;
  if (error) props["aria-invalid"] = true;
  return (
    <div className={className ? `ui-field ${className}` : "ui-field"}>
      <label htmlFor={id} className="ui-field-label">
        {label}
      </label>
      {children(props)}
      {hint && (
        <p id={`${id}-hint`} className="ui-field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="ui-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
