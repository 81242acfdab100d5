import * as React from 'react';

import type { ToastActionElement, ToastProps } from './toast';

/*
 * The product's toast timings (docs/product/rules.md#limits-and-timings). Radix's own defaults
 * already give the F8 hotkey. TOAST_DURATION_MS equals @yardsale/validators' constant; the design
 * system keeps its own copy so it has no dependency on product packages. Per-toast `duration`
 * overrides it. TOAST_REMOVE_DELAY keeps a dismissed toast in state after its exit animation; with
 * a limit of one, the next toast replaces it anyway.
 */
const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastOptions extends Omit<
  ToastProps,
  'id' | 'title' | 'children' | 'open' | 'onOpenChange'
> {
  title: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
}

export type ToasterToast = ToastOptions & {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

interface ToastState {
  toasts: ToasterToast[];
}

/*
 * A module-level store so toast() works outside React (mutation callbacks, the API
 * client). useSyncExternalStore keeps every Toaster and useToast() in step with it.
 */
let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setState(next: ToastState) {
  state = next;
  listeners.forEach((listener) => listener());
}

function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return counter.toString();
}

function remove(id: string) {
  removeTimers.delete(id);
  setState({ toasts: state.toasts.filter((t) => t.id !== id) });
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => remove(id), TOAST_REMOVE_DELAY),
  );
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string) {
  const targets = state.toasts.filter((t) => id === undefined || t.id === id);
  targets.forEach((t) => scheduleRemoval(t.id));
  setState({
    toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
  });
}

/** Shows a toast from anywhere; returns handles to update or dismiss it. */
export function toast(options: ToastOptions) {
  const id = nextId();

  const update = (next: Partial<ToastOptions>) =>
    setState({
      toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...next } : t)),
    });
  const dismiss = () => dismissToast(id);

  const entry: ToasterToast = {
    ...options,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismiss();
    },
  };
  // Evicted toasts are dropped at once; their pending timers find nothing to remove.
  setState({ toasts: [entry, ...state.toasts].slice(0, TOAST_LIMIT) });

  return { id, update, dismiss };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot(): ToastState {
  return state;
}

export function useToast() {
  const current = React.useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}
