/**
 * How an entity's `icon` text is shown: an image address (http, https or a data: URL) as a picture,
 * anything else (an icon-set key such as "OpenAI", or nothing) as a letter avatar.
 */
export type IconKind = 'image' | 'letter';

const IMAGE_ADDRESS = /^(https?:\/\/|data:)/i;

export function iconKindOf(icon: string | null | undefined): IconKind {
  return IMAGE_ADDRESS.test((icon ?? '').trim()) ? 'image' : 'letter';
}

/** The letter a letter avatar shows: the icon text's first letter, else the name's, upper-cased ("?" for neither). */
export function iconLetterOf(icon: string | null | undefined, name: string | null | undefined): string {
  const text = (icon ?? '').trim() || (name ?? '').trim();
  const first = Array.from(text)[0];
  return first ? first.toUpperCase() : '?';
}
