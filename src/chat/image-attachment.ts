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

/** Only files whose type begins with "image/" can be attached (SPEC §5). */
export function isAcceptedImage(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}

/** The size that fits `width` x `height` within `max` on the longest side, keeping the aspect ratio. */
export function scaledSize(width: number, height: number, max = MAX_IMAGE_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The markdown for a message with an attached image (DESIGN.md: the image is inlined as a data URL). */
export function messageWithImage(text: string, dataUrl: string): string {
  const image = `![image](${dataUrl})`;
  return text ? `${text}\n\n${image}` : image;
}

/**
 * Decodes, downscales and re-encodes an image file in the browser. Re-encoding also strips the
 * photo's metadata (location, camera), which a visitor would not expect to send.
 */
export async function prepareImage(file: Blob): Promise<PreparedImage> {
  if (file.size > MAX_IMAGE_FILE_BYTES) throw new Error('the image is too large');
  const bitmap = await createImageBitmap(file);
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
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
