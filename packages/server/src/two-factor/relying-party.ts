import type { OptionsService } from '../options/options.service.js';

/** Who passkeys are registered with: the WebAuthn relying party and the page origins it accepts. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/**
 * From the passkey.* options, else the ServerAddress, else the address the browser used (the request's
 * Origin). The RP id must be the host the console is served from (a domain or localhost, never an IP).
 */
export function relyingPartyOf(options: OptionsService, requestOrigin: string): RelyingParty {
  const configured = options.get('passkey.origins').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean);
  const server = options.get('ServerAddress').trim();
  const origins = configured.length > 0 ? configured : [server ? new URL(server).origin : requestOrigin];
  const id = options.get('passkey.rp_id').trim() || new URL(origins[0]).hostname;
  const name = options.get('passkey.rp_display_name').trim() || options.get('SystemName') || 'New API';
  return { id, name, origins };
}
