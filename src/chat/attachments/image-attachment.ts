/** The longest side of an attached image after downscaling. */
export const MAX_IMAGE_SIDE = 1024;
/** Larger files are refused before decoding: a phone photo is a few MB, not this. */
export const MAX_IMAGE_FILE_BYTES = 25 * 1024 * 1024;
const JPEG_QUALITY = 0.85;

/** An image ready to send: re-encoded as JPEG at most {@link MAX_IMAGE_SIDE} px on its longest side. */
export interface PreparedImage {
  dataUrl: string;
  width: number;
  height: number;
}

/** Only files whose type begins with "image/" can be attached. */
export function isAcceptedImage(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}

/** The size that fits `width` x `height` within `max` on the longest side, keeping the aspect ratio. */
export function scaledSize(width: number, height: number, max = MAX_IMAGE_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The markdown for a message with an attached image (the image is inlined as a data URL, so the webhook gets it with the text). */
export function messageWithImage(text: string, dataUrl: string): string {
  const image = `![image](${dataUrl})`;
  return text ? `${text}\n\n${image}` : image;
}

/** Larger images are refused before decoding: decoding 144 megapixels blocks a phone for seconds. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The image is larger than {@link MAX_IMAGE_PIXELS}. */
export class ImageTooLargeError extends Error {
  constructor(width: number, height: number) {
    super(`the image is ${width} x ${height} pixels, more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);
    this.name = 'ImageTooLargeError';
  }
}

const u16be = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const u16le = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u24le = (bytes: Uint8Array, at: number) => u16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
const u32be = (bytes: Uint8Array, at: number) => u16be(bytes, at) * 65536 + u16be(bytes, at + 2);
const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** A JPEG's size, from its first start-of-frame marker. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 8 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { width: u16be(bytes, at + 7), height: u16be(bytes, at + 5) };
    at += 2 + u16be(bytes, at + 2);
  }
  return null;
}

/** A WebP's size: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(bytes: Uint8Array): { width: number; height: number } | null {
  const kind = ascii(bytes, 12, 4);
  if (kind === 'VP8 ') return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  if (kind === 'VP8L') {
    const bits = u16le(bytes, 21) + u16le(bytes, 23) * 65536;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return kind === 'VP8X' ? { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 } : null;
}

/**
 * An image's size read from its header, without decoding it: PNG, GIF, JPEG and WebP, what phones and
 * screenshots make. Null for anything else, which is checked once decoded.
 */
export function imageHeaderSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (ascii(bytes, 1, 3) === 'PNG') return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
  if (ascii(bytes, 0, 4) === 'GIF8') return { width: u16le(bytes, 6), height: u16le(bytes, 8) };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  return ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP' ? webpSize(bytes) : null;
}

/** Refuses an image over {@link MAX_IMAGE_PIXELS}. */
function checkPixels(width: number, height: number): void {
  if (width * height > MAX_IMAGE_PIXELS) throw new ImageTooLargeError(width, height);
}

/**
 * Decodes, downscales and re-encodes an image file in the browser. Its size is read from its header
 * first: one over {@link MAX_IMAGE_PIXELS} is refused before any decoding, and the browser decodes and
 * downscales the rest off the main thread (`createImageBitmap` with a target width). Re-encoding also
 * strips the photo's metadata (location, camera), which a visitor would not expect to send.
 */
export async function prepareImage(file: Blob): Promise<PreparedImage> {
  if (file.size > MAX_IMAGE_FILE_BYTES) throw new Error('the image is too large');
  const header = imageHeaderSize(new Uint8Array(await file.slice(0, 256 * 1024).arrayBuffer()));
  if (header) checkPixels(header.width, header.height);
  // Only the width: the height follows the image as the browser orients it (EXIF rotation included).
  const target = header ? scaledSize(header.width, header.height).width : undefined;
  const bitmap = await createImageBitmap(file, target ? { resizeWidth: target, resizeQuality: 'high' } : {});
  try {
    checkPixels(bitmap.width, bitmap.height);
    // The exact size comes from the header (the browser rounds the resized height up), turned as the bitmap is.
    const turned = header && bitmap.width >= bitmap.height !== header.width >= header.height;
    const source = header ? (turned ? { width: header.height, height: header.width } : header) : bitmap;
    const { width, height } = scaledSize(source.width, source.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('the browser cannot draw images');
    // JPEG has no transparency: paint transparent areas white rather than black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return { dataUrl: canvas.toDataURL('image/jpeg', JPEG_QUALITY), width, height };
  } finally {
    bitmap.close();
  }
}
