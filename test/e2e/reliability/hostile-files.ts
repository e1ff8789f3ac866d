import { crc32, deflateSync } from 'node:zlib';

/**
 * A corpus of hostile uploads, built byte by byte (no image library): what a real attacker sends
 * to an image upload, and a few sound images carrying what must not be kept.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number): Buffer {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(width, 0);
  d.writeUInt32BE(height, 4);
  d[8] = 8; // bit depth
  d[9] = 0; // greyscale
  return pngChunk('IHDR', d);
}

/** A sound greyscale PNG with extra chunks placed before the data. */
export function png(width = 2, height = 2, extra: Buffer[] = []): Buffer {
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0;
  return Buffer.concat([
    PNG_SIG,
    ihdr(width, height),
    ...extra,
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The pixel flood: a 60000 x 60000 PNG (3.6 billion pixels, ~3.4 GB once decoded) whose file is
 * tiny: a few rows of compressed data, as a decompression bomb would start.
 */
export function pixelFloodPng(): Buffer {
  const rows = Buffer.alloc((60000 + 1) * 4, 0);
  return Buffer.concat([
    PNG_SIG,
    ihdr(60000, 60000),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export function textChunk(keyword: string, text: string): Buffer {
  return pngChunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1'));
}

export function pngWithBadCrc(): Buffer {
  const good = png();
  const bad = Buffer.from(good);
  bad[bad.length - 20] ^= 0xff; // inside IDAT: its CRC no longer matches
  return bad;
}

function segment(marker: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** A baseline greyscale JPEG of one 8x8 block (every pixel mid-grey), with extra segments after APP0. */
export function jpeg(extra: Buffer[] = [], width = 1, height = 1): Buffer {
  const jfif = segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]));
  const dqt = segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)]));
  const sofData = Buffer.alloc(9);
  sofData[0] = 8;
  sofData.writeUInt16BE(height, 1);
  sofData.writeUInt16BE(width, 3);
  sofData[5] = 1; // one component
  sofData[6] = 1;
  sofData[7] = 0x11;
  sofData[8] = 0;
  const sof = segment(0xc0, sofData);
  const table = (cls: number) =>
    segment(
      0xc4,
      Buffer.concat([
        Buffer.from([cls]),
        Buffer.from([1, ...new Array<number>(15).fill(0)]),
        Buffer.from([0]),
      ]),
    );
  const sos = segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0]));
  // DC difference 0 (code "0") then end of block (code "0"), padded with ones.
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jfif,
    ...extra,
    dqt,
    sof,
    table(0x00),
    table(0x10),
    sos,
    Buffer.from([0x3f]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** An APP1 EXIF segment with a GPS IFD (latitude 48 51 30 N, longitude 2 17 40 E). */
export function exifGps(): Buffer {
  const tiff = Buffer.alloc(200, 0);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  // IFD0: one entry, GPSInfo (0x8825) -> offset 26
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x8825, 10);
  tiff.writeUInt16BE(4, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt32BE(26, 18);
  tiff.writeUInt32BE(0, 22);
  // GPS IFD at 26: LatitudeRef, Latitude, LongitudeRef, Longitude
  const entries: [number, number, number, number][] = [
    [1, 2, 2, 0x4e000000], // 'N'
    [2, 5, 3, 80],
    [3, 2, 2, 0x45000000], // 'E'
    [4, 5, 3, 104],
  ];
  tiff.writeUInt16BE(entries.length, 26);
  entries.forEach(([tag, type, count, value], i) => {
    const at = 28 + i * 12;
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    tiff.writeUInt32BE(value, at + 8);
  });
  const rationals = [48, 1, 51, 1, 30, 1, 2, 1, 17, 1, 40, 1];
  rationals.forEach((v, i) => tiff.writeUInt32BE(v, 80 + i * 4));
  tiff.write('GPSMARKER-48.8584N-2.2945E', 130, 'latin1');
  return segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]));
}

export function comment(text: string): Buffer {
  return segment(0xfe, Buffer.from(text, 'latin1'));
}

export function xmp(text: string): Buffer {
  return segment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0${text}`, 'latin1'));
}

export function iccProfile(): Buffer {
  return segment(0xe2, Buffer.concat([Buffer.from('ICC_PROFILE\0\x01\x01', 'latin1'), Buffer.alloc(128, 7)]));
}

/** A JPEG frame header declaring the given size (the rest of the file is sound). */
export function jpegSized(width: number, height: number): Buffer {
  return jpeg([], width, height);
}

function box(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, data]);
}

/** A JP2 file: signature, ftyp, jp2h (ihdr + colr), an xml box and a codestream with a comment. */
export function jp2(width = 1, height = 1, withMetadata = true): Buffer {
  const sig = Buffer.from([0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]);
  const ftyp = box('ftyp', Buffer.from('jp2 \0\0\0\0jp2 ', 'latin1'));
  const ihdrData = Buffer.alloc(14);
  ihdrData.writeUInt32BE(height, 0);
  ihdrData.writeUInt32BE(width, 4);
  ihdrData.writeUInt16BE(1, 8);
  ihdrData[10] = 7;
  ihdrData[11] = 7;
  const colr = box('colr', Buffer.from([1, 0, 0, 0, 0, 0, 17]));
  const jp2h = box('jp2h', Buffer.concat([box('ihdr', ihdrData), colr]));
  const siz = Buffer.alloc(41 + 2);
  siz.writeUInt16BE(0xff51, 0);
  siz.writeUInt16BE(41, 2);
  siz.writeUInt32BE(width, 6);
  siz.writeUInt32BE(height, 10);
  siz.writeUInt32BE(width, 22);
  siz.writeUInt32BE(height, 26);
  siz.writeUInt16BE(1, 38);
  siz[40] = 7;
  siz[41] = 1;
  siz[42] = 1;
  const comText = Buffer.from('\0\x01<script>alert("jp2")</script>', 'latin1');
  const com = Buffer.concat([Buffer.from([0xff, 0x64]), Buffer.alloc(2), comText]);
  com.writeUInt16BE(comText.length + 2, 2);
  const tile = Buffer.from([0xff, 0x90, 0, 10, 0, 0, 0, 0, 0, 14, 0, 1, 0xff, 0x93, 0, 0, 0xff, 0xd9]);
  const codestream = Buffer.concat([Buffer.from([0xff, 0x4f]), siz, ...(withMetadata ? [com] : []), tile]);
  const xml = box('xml ', Buffer.from('<x:xmpmeta>GPSMARKER-in-jp2</x:xmpmeta>', 'latin1'));
  return Buffer.concat([sig, ftyp, jp2h, ...(withMetadata ? [xml] : []), box('jp2c', codestream)]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>fetch("/swx/customer/user/getUserInfo")</script></svg>',
);
export const HTML_PAGE = Buffer.from(
  '<!doctype html><html><body><script>alert(document.domain)</script></body></html>',
);
export const PHP_SHELL = Buffer.from("<?php system($_GET['c']); ?>");
/** PHP behind JPEG magic bytes: passes a naive magic check, not the structure check. */
export const PHP_WITH_JPEG_MAGIC = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), PHP_SHELL]);
export const ZIP_FILE = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]),
  Buffer.alloc(20),
  Buffer.from('evil.php'),
  PHP_SHELL,
  Buffer.from([0x50, 0x4b, 0x05, 0x06]),
  Buffer.alloc(18),
]);
export const PDF_FILE = Buffer.from(
  '%PDF-1.7\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n%%EOF',
);
export const GIF_FILE = Buffer.from(
  'GIF89a\x01\x00\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x00;',
  'latin1',
);
export const BMP_FILE = Buffer.concat([Buffer.from('BM', 'latin1'), Buffer.alloc(60)]);
export const WEBP_FILE = Buffer.concat([
  Buffer.from('RIFF\x20\x00\x00\x00WEBPVP8 ', 'latin1'),
  Buffer.alloc(24),
]);
export const ELF_FILE = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(57)]);
export const PE_FILE = Buffer.concat([
  Buffer.from('MZ', 'latin1'),
  Buffer.alloc(62),
  Buffer.from('PE\0\0', 'latin1'),
]);
export const TEXT_FILE = Buffer.from('just some text, nothing to see');
