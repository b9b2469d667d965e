/**
 * Asks before something that cannot be undone (removing a member, deleting
 * a room). Radix's AlertDialog: focus moves in and is trapped, Esc and
 * "Cancel" close it, focus returns to what opened it.
 *
 * @example
 * <ConfirmDialog title="Remove Sam?" confirmLabel="Remove" onConfirm={remove}
 *   trigger={<Button variant="danger">Remove</Button>}>Sam loses access at once.</ConfirmDialog>
 */
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { type ReactElement, type ReactNode, useState } from "react";
import { Button } from "./Button";

export interface ConfirmDialogProps {
  /** What opens it; none when it is opened from outside (`open`). */
  trigger?: ReactElement;
  /** Opened from outside (a choice that needs confirming), and told when it closes. */
  open?: boolean;
  onOpenChange?(open: boolean): void;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** What keeping things as they are is called here ("Keep counting"); "Cancel" unless said. */
  cancelLabel?: string;
  /** A danger confirm (red) unless said otherwise. */
  tone?: "danger" | "primary";
  /** May fail: the dialog stays open and shows the reason. */
  onConfirm(): Promise<void> | void;
}

export function ConfirmDialog({
  trigger,
  open: openFromOutside,
  onOpenChange,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  tone = "danger",
  onConfirm,
}: ConfirmDialogProps) {
  const [openHere, setOpenHere] = useState(false);
  const open = openFromOutside ?? openHere;
  const setOpen = (next: boolean) => {
    setOpenHere(next);
    onOpenChange?.(next);
  };
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (caught) {
      setError(caught instanceof Error && "reason" in caught ? String(caught.reason) : "That did not work. Try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="ui-overlay" />
        <AlertDialog.Content className="ui-dialog">
          <AlertDialog.Title className="ui-dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="ui-dialog-text">{children}</AlertDialog.Description>
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          <div className="ui-dialog-actions">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <Button
              variant={tone}
              disabled={busy}
              onClick={(event) => {
                // Stay open until the action is done (or failed, with its reason shown).
                event.preventDefault();
                void confirm();
              }}
            >
              {busy ? "Working…" : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
