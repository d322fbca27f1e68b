import type { App } from 'antd';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

/**
 * Bridges code outside React (the query cache, the API client) to AntD's context-aware message API.
 * `NotifierBinder` (app/providers.tsx) registers the instance from `App.useApp()`.
 */
let instance: MessageInstance | null = null;

export function bindNotifier(next: MessageInstance | null): void {
  instance = next;
}

export function notifyError(text: string): void {
  instance?.error(text);
}

export function notifySuccess(text: string): void {
  instance?.success(text);
}

export function notifyWarning(text: string): void {
  instance?.warning(text);
}
