import { describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../../src/app/assistant';
import { defaultConfig } from '../../../../src/app/config';
import { englishStrings } from '../../../../src/i18n/strings';
import {
  ImageTooLargeError,
  imageHeaderSize,
  MAX_IMAGE_PIXELS,
  prepareImage,
} from '../../../../src/chat/attachments/image-attachment';
import { fakeDeps } from '../../../support/fake-deps';

/** Bytes from numbers and ASCII strings. */
const bytes = (...parts: (number | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : [part])),
  );
const be32 = (value: number) => [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
const le16 = (value: number) => [value & 255, (value >>> 8) & 255];
const le24 = (value: number) => [value & 255, (value >>> 8) & 255, (value >>> 16) & 255];

describe("imageHeaderSize: an image's size without decoding it", () => {
  it.each([
    [
      'PNG',
      bytes(0x89, 'PNG', 13, 10, 26, 10, ...be32(13), 'IHDR', ...be32(12_000), ...be32(9_000)),
      { width: 12_000, height: 9_000 },
    ],
    ['GIF', bytes('GIF89a', ...le16(640), ...le16(480)), { width: 640, height: 480 }],
    [
      'JPEG after an APP1 segment',
      bytes(0xff, 0xd8, 0xff, 0xe1, 0, 6, 'Exif', 0xff, 0xc0, 0, 17, 8, 0x0b, 0xb8, 0x0f, 0xa0),
      { width: 4000, height: 3000 },
    ],
    [
      'progressive JPEG',
      bytes(0xff, 0xd8, 0xff, 0xc2, 0, 17, 8, 0x2e, 0xe0, 0x3e, 0x80),
      { width: 16000, height: 12000 },
    ],
    [
      'WebP, lossy',
      bytes('RIFF', 0, 0, 0, 0, 'WEBP', 'VP8 ', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...le16(800), ...le16(600)),
      { width: 800, height: 600 },
    ],
    [
      'WebP, extended',
      bytes('RIFF', 0, 0, 0, 0, 'WEBP', 'VP8X', 0, 0, 0, 0, 0, 0, 0, 0, ...le24(11_999), ...le24(11_999)),
      { width: 12_000, height: 12_000 },
    ],
    ['something else', bytes('%PDF-1.7'), null],
  ])('%s', (_, header, size) => {
    expect(imageHeaderSize(header)).toEqual(size);
  });
});

describe('prepareImage', () => {
  it(`refuses an image over ${MAX_IMAGE_PIXELS / 1_000_000} megapixels by its header, before decoding it`, async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    try {
      const huge = new Blob(
        [bytes(0x89, 'PNG', 13, 10, 26, 10, ...be32(13), 'IHDR', ...be32(12_000), ...be32(12_000))],
        { type: 'image/png' },
      );
      await expect(prepareImage(huge)).rejects.toBeInstanceOf(ImageTooLargeError);
      expect(decode).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('tells the visitor the image is too large, not that it could not be read', async () => {
    const harness = fakeDeps({
      prepareImage: vi.fn(async () => Promise.reject(new ImageTooLargeError(12_000, 12_000))),
    });
    const assistant = createAssistant(harness.deps);
    assistant.configure({ ...defaultConfig('shop.example'), webhookUrl: 'https://hooks.example/chat' });
    await assistant.actions.attachImage(new File(['x'], 'huge.png', { type: 'image/png' }));
    expect(assistant.getState().notice?.text).toBe(englishStrings.imageTooLarge);
  });
});
