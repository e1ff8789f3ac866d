import type { FastifyRequest } from 'fastify';
import { AppException, ErrorCode } from '../errors';
import { isBadText } from '../http/validation';
import { ImageRejected, sanitizeImage } from './image-sanitizer';

export type ImageType = 'jpg' | 'png' | 'jp2';

const MAX_FILES = 6;
/** Room for the text fields and the multipart boundaries besides the files. */
const FORM_OVERHEAD_BYTES = 2 * 1024 * 1024;

/** The accepted image formats, recognized by their first bytes (never by the file name). */
const SIGNATURES: { type: ImageType; bytes: number[] }[] = [
  { type: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // JPEG 2000: the JP2 signature box, or a bare J2K codestream.
  { type: 'jp2', bytes: [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a] },
  { type: 'jp2', bytes: [0xff, 0x4f, 0xff, 0x51] },
];

export function detectImageType(buffer: Buffer): ImageType | null {
  for (const s of SIGNATURES) {
    if (buffer.length >= s.bytes.length && s.bytes.every((b, i) => buffer[i] === b)) return s.type;
  }
  return null;
}

/** The Content-Type of a stored image, from its detected type (or the extension it was stored with). */
export function imageContentType(type: string): string {
  return type === 'png' ? 'image/png' : type === 'jp2' ? 'image/jp2' : 'image/jpeg';
}

export interface UploadedImage {
  field: string;
  type: ImageType;
  buffer: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  images: UploadedImage[];
}

/**
 * Reads a multipart form whose files must be images of the accepted formats and at most
 * `maxMegabytes` each. Nothing is written anywhere here: the caller stores the images only once
 * the whole request is valid, so a refused upload leaves nothing behind.
 */
export async function readImageForm(req: FastifyRequest, maxMegabytes: number): Promise<MultipartForm> {
  if (!req.isMultipart()) throw new AppException(ErrorCode.UnsupportedMediaType);
  const maxBytes = Math.floor(maxMegabytes * 1024 * 1024);
  // A body declared larger than every allowed file together is refused before a byte is read.
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_FILES * maxBytes + FORM_OVERHEAD_BYTES) {
    throw new AppException(
      ErrorCode.PayloadTooLarge,
      null,
      { limit: maxMegabytes },
      'validation.imageTooLarge',
    );
  }
  const fields: Record<string, string> = {};
  const images: UploadedImage[] = [];
  try {
    for await (const part of req.parts({
      limits: { fileSize: maxBytes, files: MAX_FILES, fields: 30, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        const type = detectImageType(buffer);
        if (!type) throw AppException.field(part.fieldname, 'validation.imageFormat');
        // Stored re-written: metadata and trailing bytes stripped, floods and broken files refused.
        let clean: Buffer;
        try {
          clean = sanitizeImage(buffer, type);
        } catch (error) {
          if (error instanceof ImageRejected)
            throw AppException.field(part.fieldname, 'validation.imageFormat');
          throw error;
        }
        images.push({ field: part.fieldname, type, buffer: clean });
      } else if (typeof part.value === 'string') {
        if (isBadText(part.value)) throw AppException.field(part.fieldname, 'validation.invalid');
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppException(
        ErrorCode.PayloadTooLarge,
        null,
        { limit: maxMegabytes },
        'validation.imageTooLarge',
      );
    }
    throw error;
  }
  return { fields, images };
}
