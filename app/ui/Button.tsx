/**
 * The one button. Variants: `primary` (the page's main action), `secondary`,
 * `danger` (destroys something), `ghost` (quiet, in toolbars and rows).
 * Always at least the control height, so it is easy to hit on a phone.
 */
import { type ButtonHTMLAttributes, forwardRef } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: "md" | "sm";
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", className, type = "button", ...rest },
  ref,
) {
  const classes = ["ui-button", `ui-button-${variant}`, size === "sm" ? "ui-button-sm" : "", className ?? ""];
  return <button ref={ref} type={type} className={classes.filter(Boolean).join(" ")} {...rest} />;
});
