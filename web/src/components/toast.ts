import { toastAutoCloseMs } from '../texts';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number) {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  emit(toasts.filter((t) => t.id !== id));
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  emit([...toasts, { id, kind, message }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), toastAutoCloseMs),
  );
  return id;
}

/** A tiny notification store: top-right toasts that close by themselves after 5000 ms (spec §8). */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}

/** For tests: forget every toast and timer. */
export function clearToasts() {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  emit([]);
}
