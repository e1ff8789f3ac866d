import type { FastifyRequest } from 'fastify';
import { AppException, ErrorCode } from '../errors';

export type ImageType = 'jpg' | 'png' | 'jp2';

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
  const fields: Record<string, string> = {};
  const images: UploadedImage[] = [];
  try {
    for await (const part of req.parts({
      limits: { fileSize: maxBytes, files: 6, fields: 30, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        const type = detectImageType(buffer);
        if (!type) throw AppException.field(part.fieldname, 'validation.imageFormat');
        images.push({ field: part.fieldname, type, buffer });
      } else if (typeof part.value === 'string') {
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
