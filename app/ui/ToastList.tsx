/** The toasts on screen, drawn with Radix Toast (a lazy chunk of Toast.tsx). */
import * as RadixToast from "@radix-ui/react-toast";
import type { ShownToast } from "./toast-options";

export default function ToastList({ toasts, close }: { toasts: readonly ShownToast[]; close(id: number): void }) {
  return (
    <RadixToast.Provider swipeDirection="down" label="Notification">
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
  );
}
