import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { test } from '@playwright/test';

/** Over the 10485760-byte limit of product §5.3 (11 MB). */
export const OVERSIZE_BYTES = 11 * 1024 * 1024;

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A real, small RGB PNG (diagonal stripes in the given colour) that an image decoder accepts. */
export function makePng(name: string, rgb: [number, number, number] = [40, 120, 200], size = 48): FilePayload {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const stripe = (x + y) % 12 < 6;
      raw[row + 1 + x * 3] = stripe ? rgb[0] : 255;
      raw[row + 2 + x * 3] = stripe ? rgb[1] : 255;
      raw[row + 3 + x * 3] = stripe ? rgb[2] : 255;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

/** A minimal valid one-page PDF. */
export function makePdf(name: string, line = 'Hausportal E2E'): FilePayload {
  const stream = `BT /F1 18 Tf 72 720 Td (${line}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(pdf, 'latin1') };
}

/** A file just over the size limit; its content never reaches the server. */
export function makeOversize(name: string, mimeType: string, bytes = OVERSIZE_BYTES): FilePayload {
  const buffer = Buffer.alloc(bytes, 0x20);
  if (mimeType === 'application/pdf') buffer.write('%PDF-1.4\n', 0, 'latin1');
  if (mimeType === 'image/png') makePng(name).buffer.copy(buffer, 0);
  return { name, mimeType, buffer };
}

/**
 * makeOversize() as a file of that name in the test's output folder, for setFiles(path): Chromium
 * reads it from disk. Handed over as a buffer, the 10 MB travel through the protocol into the page,
 * which took more than the 10 s action timeout while the machine was loaded.
 */
export function oversizeOnDisk(name: string, mimeType: string, bytes = OVERSIZE_BYTES): string {
  const file = test.info().outputPath('upload', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, makeOversize(name, mimeType, bytes).buffer);
  return file;
}
