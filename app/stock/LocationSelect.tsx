/**
 * A choice of one of the room's open locations, by name: where a stall
 * sells from, where a delivery comes in, where counts are typed or a file's
 * quantities are.
 */
import type { SelectHTMLAttributes } from "react";
import type { LocationDoc } from "../../protocol/api";

export function LocationSelect({
  locations,
  value,
  onChange,
  ...rest
}: {
  /** The locations to choose from (the room's open ones). */
  locations: readonly LocationDoc[];
  value: string;
  onChange(locationId: string): void;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange">) {
  return (
    <select {...rest} value={value} onChange={(event) => onChange(event.target.value)}>
      {locations.map((location) => (
        <option key={location._id} value={location._id}>
          {location.name}
        </option>
      ))}
    </select>
  );
}
