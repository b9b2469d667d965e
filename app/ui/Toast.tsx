/**
 * Short notes that come and go at the bottom of the screen — "Removed
 * 'Lamp'. Undo" — announced to screen readers (Radix Toast: F8 jumps to
 * them, swipe or Esc dismisses, the timer pauses while hovered or focused).
 *
 * @example
 * const toast = useToast();
 * toast.show({ text: "Removed “Lamp”", action: { label: "Undo", run: restore } });
 */
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { whenIdle } from "../lazy-page";
import type { ShownToast, ToastOptions } from "./toast-options";

export type { ToastOptions } from "./toast-options";

const loadToastList = () => import("./ToastList");
const ToastList = lazy(loadToastList);

const ToastContext = createContext<{ show(options: ToastOptions): void } | null>(null);

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const show = useCallback((options: ToastOptions) => {
    setToasts((shown) => [...shown.slice(-2), { ...options, id: nextId++ }]);
  }, []);
  const value = useMemo(() => ({ show }), [show]);
  useEffect(() => whenIdle(() => void loadToastList().catch(() => {})), []);
  const close = (id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id));
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* Radix's toast code comes with the first toast (or earlier, when the browser is idle). */}
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastList toasts={toasts} close={close} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): { show(options: ToastOptions): void } {
  const context = useContext(ToastContext);
  if (!context) throw new Error("useToast needs a ToastProvider above it");
  return context;
}
