import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from '../../theme/tokens';

const query = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True under the 768 px mobile breakpoint (spec 1 §9). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}
