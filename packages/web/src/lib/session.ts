import { useSyncExternalStore } from 'react';
import { isAdmin, isRoot, type SignedInUser } from '@gw/contracts';
import { readJson, removeKey, StorageKey, writeJson } from './storage';

/** The signed-in user as stored locally after login (spec 1 §2.3). */
export type StoredUser = SignedInUser;

type Listener = () => void;
const listeners = new Set<Listener>();
/** Where the sign-in guard sends a visitor whose session just expired (set by the 401 handler). */
let expiredRedirect: string | null = null;
let current: StoredUser | null = parseStored(readJson<unknown>(StorageKey.user));

function parseStored(value: unknown): StoredUser | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<StoredUser>;
  if (typeof v.id !== 'number' || typeof v.username !== 'string') return null;
  return {
    id: v.id,
    username: v.username,
    display_name: typeof v.display_name === 'string' ? v.display_name : '',
    role: typeof v.role === 'number' ? v.role : 1,
    status: typeof v.status === 'number' ? v.status : 1,
    group: typeof v.group === 'string' ? v.group : 'default',
  };
}

function emit() {
  for (const l of listeners) l();
}

export function getStoredUser(): StoredUser | null {
  return current;
}

export function setStoredUser(user: StoredUser): void {
  expiredRedirect = null;
  current = parseStored(user);
  writeJson(StorageKey.user, current);
  emit();
}

export function clearStoredUser(): void {
  current = null;
  removeKey(StorageKey.user);
  emit();
}


/** Forgets the user because the server said the session is gone; guards then go to the expired sign-in page. */
export function expireStoredUser(loginUrl: string): void {
  expiredRedirect = loginUrl;
  clearStoredUser();
}

/** The expired sign-in page the guard should show instead of the plain one, until the next sign-in. */
export function expiredRedirectUrl(): string | null {
  return expiredRedirect;
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== StorageKey.user) return;
    current = parseStored(readJson<unknown>(StorageKey.user));
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored user, re-rendering on login, logout and changes made in other tabs. */
export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, getStoredUser, () => null);
}

export function useRoles() {
  const user = useStoredUser();
  const role = user?.role ?? 0;
  return { user, isAdmin: isAdmin(role), isRoot: isRoot(role) };
}
