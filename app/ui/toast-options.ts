/** What a toast says and offers (Toast.tsx shows them, ToastList.tsx draws them). */
export interface ToastOptions {
  text: string;
  action?: { label: string; run(): void };
  tone?: "neutral" | "danger";
  /** How long it stays (ms); longer when it offers an action. */
  duration?: number;
}

export interface ShownToast extends ToastOptions {
  id: number;
}
