import { IMAGE_NOT_SAVED } from './conversation-storage';

/** A piece of a visitor's message: text, an attached image, or the note left by an image not saved. */
export type UserContentPart =
  { kind: 'text'; text: string } | { kind: 'image'; src: string; alt: string } | { kind: 'image-not-saved' };

const PARTS = /!\[([^\]]*)\]\((data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=]+)\)|\[image not saved\]/gi;

/**
 * Splits a visitor's message into text and attached images. Only inline raster images in data URLs
 * count as images; anything else, including markdown the visitor typed, stays literal text.
 */
export function splitUserContent(content: string): UserContentPart[] {
  const parts: UserContentPart[] = [];
  let last = 0;
  const pushText = (text: string) => {
    const trimmed = text.replace(/^\n+|\n+$/g, '');
    if (trimmed) parts.push({ kind: 'text', text: trimmed });
  };
  for (const match of content.matchAll(PARTS)) {
    pushText(content.slice(last, match.index));
    last = (match.index ?? 0) + match[0].length;
    if (match[0] === IMAGE_NOT_SAVED) parts.push({ kind: 'image-not-saved' });
    else parts.push({ kind: 'image', src: match[2] ?? '', alt: match[1] ?? '' });
  }
  pushText(content.slice(last));
  return parts;
}
