/** A drawer or modal width that never exceeds the screen (usable at 375 px, spec 3 item 7). */
export function fitScreen(px: number): string {
  return `min(${px}px, 100vw)`;
}
