/**
 * The box a handheld scanner types a code into (it ends with Enter), or a
 * person types a SKU, with the button that sends it: the same on every
 * scanning screen — counting, receiving, the stall. The form around it is
 * the screen's own.
 */
import type { Ref } from "react";
import { Button } from "../ui/Button";

export function CodeEntry({
  id,
  label,
  action,
  value,
  onChange,
  inputRef,
}: {
  id: string;
  label: string;
  /** The button's word: what sending a code does ("Count", "Receive", "Find"). */
  action: string;
  value: string;
  onChange(code: string): void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div className="stocktake-count-row">
        <input
          id={id}
          ref={inputRef}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          inputMode="text"
        />
        <Button type="submit">{action}</Button>
      </div>
    </>
  );
}
