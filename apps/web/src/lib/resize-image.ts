// Photos are shrunk on the phone before they are sent (ADR 011 "left for later"): a
// 12 MP photo of 4 to 6 MB becomes about 1 MB, which matters on a weak connection, and drawing it
// on a canvas drops its EXIF data, GPS position included, before anything leaves the device.

/** The JPEG quality of a re-encoded photo: no visible loss on a phone, a fraction of the bytes. */
export const JPEG_QUALITY = 0.85;

/**
 * The size a photo of `width` × `height` gets so that its long edge is at most `maxEdge`, keeping
 * its proportions; a smaller photo keeps its size (never enlarged). Pure, so it is tested alone.
 */
export function fitWithin(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const longEdge = Math.max(width, height);
  if (longEdge <= maxEdge || longEdge <= 0) return { width, height };
  const scale = maxEdge / longEdge;
  // Rounding may not push the long edge over the limit, and no edge may become 0.
  return {
    width: Math.max(1, Math.min(maxEdge, Math.round(width * scale))),
    height: Math.max(1, Math.min(maxEdge, Math.round(height * scale))),
  };
}

/** The name a re-encoded photo gets: the original's, with `.jpg`. */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'foto'}.jpg`;
}

/**
 * The photo as a JPEG whose long edge is at most `maxEdge`, turned the way its EXIF orientation
 * says (`imageOrientation: 'from-image'`), without any metadata. Throws when the browser cannot
 * decode it; the caller then says so instead of sending the original.
 */
export async function resizeImage(file: File, maxEdge: number, quality: number = JPEG_QUALITY): Promise<File> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin(bitmap.width, bitmap.height, maxEdge);
    const blob = await drawToJpeg(bitmap, size, quality);
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

async function drawToJpeg(
  bitmap: ImageBitmap,
  { width, height }: { width: number; height: number },
  quality: number,
): Promise<Blob> {
  // An OffscreenCanvas keeps the main thread's canvas free where there is one (not Safari < 16.4).
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    paint(context, bitmap, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  paint(context, bitmap, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  // Free the canvas's memory at once; a phone holding several 2560 px canvases runs short.
  canvas.width = 0;
  canvas.height = 0;
  if (!blob) throw new Error('The photo could not be encoded');
  return blob;
}

function paint(
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  bitmap: ImageBitmap,
  width: number,
  height: number,
): void {
  // A PNG with transparency would turn black as JPEG; white is what a photo print would show.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}
