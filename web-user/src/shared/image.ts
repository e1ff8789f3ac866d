/** Formats the API takes (spec: JPG, JPEG 2000, PNG). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/jp2', 'image/jpx'];
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export type ImageCheck = 'format' | 'size' | null;

export function checkImage(file: File): ImageCheck {
  const byName = /\.(jpe?g|png|jp2|jpx|j2k)$/i.test(file.name);
  if (!IMAGE_TYPES.includes(file.type) && !byName) return 'format';
  return null;
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('image'));
    };
    img.src = url;
  });
}

function canvasBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * A photo made small enough to upload: scaled to at most `maxSide` pixels and re-encoded as JPEG,
 * with lower quality until it is under the limit. JPEG 2000 (which browsers cannot draw) and files
 * already small enough go as they are.
 */
export async function compressImage(file: File, maxBytes = MAX_UPLOAD_BYTES, maxSide = 1600): Promise<File> {
  if (/jp2|jpx/.test(file.type) || /\.(jp2|jpx|j2k)$/i.test(file.name)) return file;
  let img: HTMLImageElement;
  try {
    img = await loadImage(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, maxSide / Math.max(img.naturalWidth, img.naturalHeight));
  if (scale === 1 && file.size <= maxBytes / 2) return file;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return file;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  for (const quality of [0.85, 0.7, 0.55, 0.4]) {
    const blob = await canvasBlob(canvas, 'image/jpeg', quality);
    if (blob && blob.size <= maxBytes) {
      return new File([blob], file.name.replace(/\.\w+$/, '') + '.jpg', { type: 'image/jpeg' });
    }
  }
  return file;
}
