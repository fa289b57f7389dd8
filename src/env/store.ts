// The reader's values in the browser: one localStorage key of ours, read after hydration only (the server snapshot is
// always "no values", so the first client render matches the static HTML), shared by every component of the page and by
// other tabs (the `storage` event). Storage that throws behaves as empty; a save it refuses holds for this page only.
import {useSyncExternalStore} from 'react';
import type {ReaderValues} from './types';

export const STORAGE_KEY = 'lc.my-environment';
const EMPTY: ReaderValues = Object.freeze({});

let current: ReaderValues | null = null;
const listeners = new Set<() => void>();

function parse(raw: string | null): ReaderValues {
  if (!raw) return EMPTY;
  try {
    const data = JSON.parse(raw) as {values?: unknown};
    const values = data && typeof data.values === 'object' && data.values ? (data.values as Record<string, unknown>) : {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(values)) if (typeof v === 'string' && v) out[k] = v;
    return Object.freeze(out);
  } catch {
    return EMPTY;
  }
}

function readStorage(): ReaderValues {
  try {
    return parse(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return EMPTY;
  }
}

const notify = () => listeners.forEach((l) => l());

function onStorage(e: StorageEvent) {
  if (e.key !== STORAGE_KEY && e.key !== null) return;
  current = readStorage();
  notify();
}

export function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export const getSnapshot = (): ReaderValues => (current ??= readStorage());
const getServerSnapshot = (): ReaderValues => EMPTY;

/** The reader's values: none while the page hydrates, then the stored ones; updates on every change, in any tab. */
export function useReaderValues(): ReaderValues {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/** Store the values (empty ones dropped); true when the browser kept them, false when they hold for this page only. */
export function saveReaderValues(values: Record<string, string>): boolean {
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v) kept[k] = v;
  current = Object.freeze(kept);
  let stored = true;
  try {
    if (Object.keys(kept).length) window.localStorage.setItem(STORAGE_KEY, JSON.stringify({version: 1, values: kept}));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch (err) {
    stored = false;
    console.warn('[my-environment] browser storage is unavailable; the values hold for this page only', err);
  }
  notify();
  return stored;
}

/** Back to the examples everywhere. */
export const resetReaderValues = (): boolean => saveReaderValues({});
