/**
 * The menu itself (Radix DropdownMenu): arrow keys move, Enter chooses, Esc
 * closes and focus returns to the button. Items can be plain actions or
 * one-of-many choices (with the current one checked). A chunk of its own,
 * loaded by Menu.tsx when the browser is idle or on the first press.
 */
import * as Dropdown from "@radix-ui/react-dropdown-menu";
import { type ReactElement, type ReactNode, useEffect, useRef } from "react";

export interface MenuProps {
  trigger: ReactElement;
  children: ReactNode;
  /** For the menu itself, e.g. "Status of Lamp". */
  label?: string;
  align?: "start" | "end";
}

export interface MenuItemProps {
  children: ReactNode;
  onSelect(): void;
  danger?: boolean;
}

export interface MenuChoicesProps<T extends string> {
  value: T;
  options: readonly T[];
  onChoose(value: T): void;
  render?(value: T): ReactNode;
}

export function Menu({
  trigger,
  children,
  label,
  align = "start",
  defaultOpen = false,
  focusTrigger = false,
}: MenuProps & { defaultOpen?: boolean; focusTrigger?: boolean }) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger) triggerRef.current?.focus();
  }, [focusTrigger]);
  return (
    <Dropdown.Root defaultOpen={defaultOpen}>
      <Dropdown.Trigger asChild ref={triggerRef}>
        {trigger}
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content className="ui-menu" align={align} sideOffset={4} aria-label={label}>
          {children}
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  );
}

export function MenuItem({ children, onSelect, danger }: MenuItemProps) {
  return (
    <Dropdown.Item className={danger ? "ui-menu-item ui-menu-item-danger" : "ui-menu-item"} onSelect={onSelect}>
      {children}
    </Dropdown.Item>
  );
}

/** One-of-many: the current value is checked. */
export function MenuChoices<T extends string>({ value, options, onChoose, render }: MenuChoicesProps<T>) {
  return (
    <Dropdown.RadioGroup value={value} onValueChange={(next) => onChoose(next as T)}>
      {options.map((option) => (
        <Dropdown.RadioItem key={option} value={option} className="ui-menu-item">
          <Dropdown.ItemIndicator className="ui-menu-check">✓</Dropdown.ItemIndicator>
          {render ? render(option) : option}
        </Dropdown.RadioItem>
      ))}
    </Dropdown.RadioGroup>
  );
}
