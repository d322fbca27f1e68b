/** The address a provider must call for a webhook path: the site's ServerAddress, else this console's origin. */
export function webhookAddress(options: Record<string, string>, path: string, origin: string = window.location.origin): string {
  return `${(options.ServerAddress?.trim() || origin).replace(/\/+$/, '')}${path}`;
}
