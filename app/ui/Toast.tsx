/**
 * Short notes that come and go at the bottom of the screen — "Removed
 * 'Lamp'. Undo" — announced to screen readers (Radix Toast: F8 jumps to
 * them, swipe or Esc dismisses, the timer pauses while hovered or focused).
 *
 * @example
 * const toast = useToast();
 * toast.show({ text: "Removed “Lamp”", action: { label: "Undo", run: restore } });
 */
import * as RadixToast from "@radix-ui/react-toast";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";

export interface ToastOptions {
  text: string;
  action?: { label: string; run(): void };
  tone?: "neutral" | "danger";
  /** How long it stays (ms); longer when it offers an action. */
  duration?: number;
}

interface ShownToast extends ToastOptions {
  id: number;
}

const ToastContext = createContext<{ show(options: ToastOptions): void } | null>(null);

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const show = useCallback((options: ToastOptions) => {
    setToasts((shown) => [...shown.slice(-2), { ...options, id: nextId++ }]);
  }, []);
  const value = useMemo(() => ({ show }), [show]);
  const close = (id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id));
  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider swipeDirection="down" label="Notification">
        {children}
        {toasts.map((toast) => (
          <RadixToast.Root
            key={toast.id}
            className={toast.tone === "danger" ? "ui-toast ui-toast-danger" : "ui-toast"}
            duration={toast.duration ?? (toast.action ? 8000 : 4000)}
            onOpenChange={(open) => !open && close(toast.id)}
            data-testid="toast"
          >
            <RadixToast.Description className="ui-toast-text">{toast.text}</RadixToast.Description>
            {toast.action && (
              <RadixToast.Action asChild altText={`${toast.action.label}: ${toast.text}`}>
                <button type="button" className="ui-button ui-button-ghost ui-button-sm" onClick={toast.action.run}>
                  {toast.action.label}
                </button>
              </RadixToast.Action>
            )}
            <RadixToast.Close className="ui-toast-close" aria-label="Dismiss">
              ×
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport className="ui-toast-viewport" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): { show(options: ToastOptions): void } {
  const context = useContext(ToastContext);
  if (!context) throw new Error("useToast needs a ToastProvider above it");
  return context;
}
