import type { FastifyReply } from 'fastify';

/**
 * Sends a stored upload (a voucher, a KYC document, a support image) the only way user files are
 * served: as an attachment under a name the server chose, with `nosniff` so that no browser reads
 * it as anything but the image type it was stored as, a sandboxing CSP, and never cached.
 */
export async function sendPrivateImage(
  reply: FastifyReply,
  file: { type: string; data: Buffer },
  name: string,
): Promise<void> {
  const extension = file.type === 'image/png' ? 'png' : file.type === 'image/jp2' ? 'jp2' : 'jpg';
  const safeName = name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80) || 'file';
  await reply
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Content-Disposition', `attachment; filename="${safeName}.${extension}"`)
    .type(file.type)
    .send(file.data);
}
