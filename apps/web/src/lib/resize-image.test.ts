import { afterEach, describe, expect, it, vi } from 'vitest';
import { TICKET_PHOTO_MAX_EDGE } from '@hausportal/contract';
import { fitWithin, jpegName, JPEG_QUALITY, resizeImage } from './resize-image';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fitWithin', () => {
  it('shrinks a 12 MP landscape photo so that its long edge is 2560 px, keeping its proportions', () => {
    expect(fitWithin(4032, 3024, TICKET_PHOTO_MAX_EDGE)).toEqual({ width: 2560, height: 1920 });
  });

  it('shrinks a portrait photo by its height', () => {
    expect(fitWithin(3024, 4032, 2560)).toEqual({ width: 1920, height: 2560 });
  });

  it('never pushes the long edge over the limit by rounding, and never makes an edge 0', () => {
    for (const [w, h] of [
      [8160, 6120],
      [9999, 7777],
      [50000, 3],
      [2561, 2561],
      [7, 99999],
    ] as const) {
      const size = fitWithin(w, h, 2560);
      expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(2560);
      expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(1);
    }
  });

  it('leaves a photo that is small enough as it is (never enlarged)', () => {
    expect(fitWithin(1600, 1200, 2560)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(2560, 100, 2560)).toEqual({ width: 2560, height: 100 });
  });
});

describe('jpegName', () => {
  it('gives the photo a .jpg name', () => {
    expect(jpegName('IMG_0001.PNG')).toBe('IMG_0001.jpg');
    expect(jpegName('heizung.webp')).toBe('heizung.jpg');
    expect(jpegName('ohne-endung')).toBe('ohne-endung.jpg');
  });
});

describe('resizeImage', () => {
  it('decodes with the EXIF orientation applied, draws at most 2560 px and encodes a JPEG at 0.85', async () => {
    const close = vi.fn();
    const createImageBitmap = vi.fn(async () => ({ width: 4000, height: 3000, close }));
    const drawn: { width: number; height: number; args: unknown[] }[] = [];
    const convert = vi.fn(async (options: { type: string; quality: number }) => new Blob(['jpeg'], options));
    class FakeOffscreenCanvas {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {}
      getContext() {
        return {
          fillStyle: '',
          fillRect: vi.fn(),
          imageSmoothingQuality: 'low',
          drawImage: (...args: unknown[]) => drawn.push({ width: this.width, height: this.height, args }),
        };
      }
      convertToBlob = convert;
    }
    vi.stubGlobal('createImageBitmap', createImageBitmap);
    vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);

    const original = new File([new Uint8Array([0x89, 0x50])], 'IMG_0001.png', { type: 'image/png' });
    const result = await resizeImage(original, TICKET_PHOTO_MAX_EDGE);

    expect(createImageBitmap).toHaveBeenCalledWith(original, { imageOrientation: 'from-image' });
    expect(drawn).toHaveLength(1);
    expect(drawn[0]!.width).toBe(2560);
    expect(drawn[0]!.height).toBe(1920);
    expect(drawn[0]!.args.slice(1)).toEqual([0, 0, 2560, 1920]);
    expect(convert).toHaveBeenCalledWith({ type: 'image/jpeg', quality: JPEG_QUALITY });
    expect(JPEG_QUALITY).toBe(0.85);
    expect(result.type).toBe('image/jpeg');
    expect(result.name).toBe('IMG_0001.jpg');
    // The decoded bitmap's memory is given back at once.
    expect(close).toHaveBeenCalled();
  });

  it('uses a canvas element where there is no OffscreenCanvas', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 3000, height: 6000, close: () => undefined })),
    );
    vi.stubGlobal('OffscreenCanvas', undefined);
    const context = { fillStyle: '', fillRect: vi.fn(), drawImage: vi.fn(), imageSmoothingQuality: 'low' };
    const canvas = document.createElement('canvas');
    const sizes: [number, number][] = [];
    vi.spyOn(canvas, 'getContext').mockImplementation(() => {
      sizes.push([canvas.width, canvas.height]);
      return context as unknown as CanvasRenderingContext2D;
    });
    vi.spyOn(canvas, 'toBlob').mockImplementation((done, type, quality) =>
      done(new Blob([String(quality)], { type: type ?? '' })),
    );
    vi.spyOn(document, 'createElement').mockReturnValueOnce(canvas);

    const result = await resizeImage(new File(['x'], 'a.jpeg', { type: 'image/jpeg' }), 2560);
    expect(sizes).toEqual([[1280, 2560]]);
    expect(result.type).toBe('image/jpeg');
    expect(new TextDecoder().decode(await result.arrayBuffer())).toBe('0.85');
  });
});
