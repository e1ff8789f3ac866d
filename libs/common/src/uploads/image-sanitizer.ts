import { crc32 } from 'node:zlib';

/**
 * Uploaded images are re-written before they are stored: only the segments that carry the picture
 * are kept, in a structure checked end to end, and everything else goes (EXIF with GPS positions,
 * XMP, comments, text chunks, ICC profiles, bytes after the end of the image such as an appended
 * ZIP or HTML). A file whose structure does not hold, or whose pixel count would make a viewer
 * allocate gigabytes (a "pixel flood"), is refused. Nothing here decodes pixels, so memory stays
 * bounded by the upload size whatever the declared dimensions.
 */

/** The largest side and pixel count accepted (a 12000 x 8000 photo is 96 Mpx; documents are far smaller). */
export const MAX_IMAGE_SIDE = 12_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

export class ImageRejected extends Error {}

function assertDimensions(width: number, height: number): void {
  if (!(width > 0 && height > 0)) throw new ImageRejected('zero dimension');
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS)
    throw new ImageRejected(`too many pixels: ${width} x ${height}`);
}

// ---------------------------------------------------------------- PNG

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Chunks that describe pixels; every other chunk (tEXt, zTXt, iTXt, eXIf, tIME, iCCP, private...) goes. */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'sBIT',
  'bKGD',
  'pHYs',
]);

function sanitizePng(buf: Buffer): Buffer {
  const out: Buffer[] = [PNG_SIGNATURE];
  let offset = 8;
  let seenHeader = false;
  let seenData = false;
  for (;;) {
    if (offset + 12 > buf.length) throw new ImageRejected('truncated PNG');
    const length = buf.readUInt32BE(offset);
    if (length > 0x7fffffff || offset + 12 + length > buf.length) throw new ImageRejected('bad chunk length');
    const type = buf.toString('latin1', offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw new ImageRejected('bad chunk type');
    const crc = buf.readUInt32BE(offset + 8 + length);
    if (crc32(buf.subarray(offset + 4, offset + 8 + length)) !== crc)
      throw new ImageRejected('bad chunk CRC');
    const chunk = buf.subarray(offset, offset + 12 + length);
    if (!seenHeader) {
      if (type !== 'IHDR' || length !== 13) throw new ImageRejected('IHDR must come first');
      assertDimensions(buf.readUInt32BE(offset + 8), buf.readUInt32BE(offset + 12));
      seenHeader = true;
    } else if (type === 'IHDR') {
      throw new ImageRejected('second IHDR');
    }
    if (type === 'IDAT') seenData = true;
    if (PNG_KEPT.has(type)) out.push(chunk);
    offset += 12 + length;
    // Whatever follows IEND (an appended archive, a script) is dropped.
    if (type === 'IEND') break;
  }
  if (!seenData) throw new ImageRejected('no image data');
  return Buffer.concat(out);
}

// ---------------------------------------------------------------- JPEG

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function sanitizeJpeg(buf: Buffer): Buffer {
  if (buf[0] !== 0xff || buf[1] !== 0xd8) throw new ImageRejected('no SOI');
  const out: Buffer[] = [Buffer.from([0xff, 0xd8])];
  let offset = 2;
  let seenFrame = false;
  let seenScan = false;
  for (;;) {
    if (offset + 2 > buf.length) throw new ImageRejected('truncated JPEG');
    if (buf[offset] !== 0xff) throw new ImageRejected('marker expected');
    let marker = buf[offset + 1];
    // Fill bytes before a marker.
    while (marker === 0xff) {
      offset += 1;
      if (offset + 2 > buf.length) throw new ImageRejected('truncated JPEG');
      marker = buf[offset + 1];
    }
    if (marker === 0xd9) {
      if (!seenFrame || !seenScan) throw new ImageRejected('no image data');
      out.push(Buffer.from([0xff, 0xd9]));
      // Whatever follows EOI (an appended archive, HTML, PHP) is dropped.
      return Buffer.concat(out);
    }
    if (marker === 0xd8 || marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7))
      throw new ImageRejected('unexpected marker');
    if (offset + 4 > buf.length) throw new ImageRejected('truncated JPEG');
    const length = buf.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > buf.length) throw new ImageRejected('bad segment length');
    const segment = buf.subarray(offset, offset + 2 + length);
    offset += 2 + length;
    if (SOF_MARKERS.has(marker)) {
      if (length < 8) throw new ImageRejected('short frame header');
      assertDimensions(segment.readUInt16BE(7), segment.readUInt16BE(5));
      seenFrame = true;
    }
    // APP0 (JFIF) and APP14 (Adobe colour transform) describe pixels; the other APPn (EXIF, XMP,
    // ICC, vendor data) and comments go.
    const dropped =
      (marker >= 0xe0 && marker <= 0xef && marker !== 0xe0 && marker !== 0xee) || marker === 0xfe;
    if (!dropped) out.push(segment);
    if (marker === 0xda) {
      if (!seenFrame) throw new ImageRejected('scan before frame');
      seenScan = true;
      // Entropy-coded data runs to the next marker other than a stuffed 0xFF00 or a restart marker.
      const start = offset;
      while (offset + 1 < buf.length) {
        if (buf[offset] === 0xff) {
          const next = buf[offset + 1];
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        offset += 1;
      }
      if (offset + 1 >= buf.length) throw new ImageRejected('truncated scan');
      out.push(buf.subarray(start, offset));
    }
  }
}

// ---------------------------------------------------------------- JPEG 2000

/** A J2K codestream: SIZ checked, comments (COM) of the main header dropped. */
function sanitizeCodestream(buf: Buffer): Buffer {
  if (buf.length < 4 || buf.readUInt16BE(0) !== 0xff4f || buf.readUInt16BE(2) !== 0xff51)
    throw new ImageRejected('no SOC/SIZ');
  const out: Buffer[] = [buf.subarray(0, 2)];
  let offset = 2;
  let seenSize = false;
  for (;;) {
    if (offset + 4 > buf.length) throw new ImageRejected('truncated codestream');
    const marker = buf.readUInt16BE(offset);
    if (marker === 0xff90) break; // SOT: the tiles follow, kept as they are.
    if ((marker & 0xff00) !== 0xff00) throw new ImageRejected('marker expected');
    const length = buf.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > buf.length) throw new ImageRejected('bad segment length');
    if (marker === 0xff51) {
      if (length < 38) throw new ImageRejected('short SIZ');
      const xsiz = buf.readUInt32BE(offset + 6);
      const ysiz = buf.readUInt32BE(offset + 10);
      const xo = buf.readUInt32BE(offset + 14);
      const yo = buf.readUInt32BE(offset + 18);
      assertDimensions(xsiz - xo, ysiz - yo);
      seenSize = true;
    }
    if (marker !== 0xff64) out.push(buf.subarray(offset, offset + 2 + length));
    offset += 2 + length;
  }
  if (!seenSize) throw new ImageRejected('no SIZ');
  out.push(buf.subarray(offset));
  return Buffer.concat(out);
}

/** Boxes of a JP2 file that carry the picture; xml, uuid, uinf, IPR and the like go. */
const JP2_KEPT = new Set(['jP  ', 'ftyp', 'jp2h', 'jp2c']);

function sanitizeJp2(buf: Buffer): Buffer {
  if (buf.readUInt16BE(0) === 0xff4f) return sanitizeCodestream(buf);
  const out: Buffer[] = [];
  let offset = 0;
  let seenHeader = false;
  let seenCodestream = false;
  while (offset < buf.length) {
    if (offset + 8 > buf.length) throw new ImageRejected('truncated box');
    let length = buf.readUInt32BE(offset);
    const type = buf.toString('latin1', offset + 4, offset + 8);
    let headerLength = 8;
    if (length === 1) {
      if (offset + 16 > buf.length) throw new ImageRejected('truncated box');
      const big = buf.readBigUInt64BE(offset + 8);
      if (big > BigInt(buf.length)) throw new ImageRejected('bad box length');
      length = Number(big);
      headerLength = 16;
    } else if (length === 0) {
      length = buf.length - offset;
    }
    if (length < headerLength || offset + length > buf.length) throw new ImageRejected('bad box length');
    const box = buf.subarray(offset, offset + length);
    if (type === 'jp2h') {
      // The image header box: ihdr holds height then width.
      const ihdr = box.indexOf('ihdr', headerLength, 'latin1');
      if (ihdr < 0 || ihdr + 12 > box.length) throw new ImageRejected('no ihdr');
      assertDimensions(box.readUInt32BE(ihdr + 8), box.readUInt32BE(ihdr + 4));
      seenHeader = true;
      out.push(box);
    } else if (type === 'jp2c') {
      const stream = sanitizeCodestream(box.subarray(headerLength));
      const head = Buffer.alloc(8);
      head.writeUInt32BE(stream.length + 8, 0);
      head.write('jp2c', 4, 'latin1');
      out.push(head, stream);
      seenCodestream = true;
    } else if (JP2_KEPT.has(type)) {
      out.push(box);
    }
    offset += length;
  }
  if (!seenHeader || !seenCodestream) throw new ImageRejected('no image data');
  return Buffer.concat(out);
}

/** The image re-written with its metadata stripped; ImageRejected when it is not a sound image. */
export function sanitizeImage(buffer: Buffer, type: 'jpg' | 'png' | 'jp2'): Buffer {
  if (type === 'png') return sanitizePng(buffer);
  if (type === 'jpg') return sanitizeJpeg(buffer);
  return sanitizeJp2(buffer);
}
