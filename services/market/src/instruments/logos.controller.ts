import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppException, ErrorCode } from '@app/common';

// The logos ship in services/market/assets/logos; from the compiled dist/ tree they are found
// in the source tree (the build copies only src/).
const LOGO_DIR = [
  path.resolve(__dirname, '../../assets/logos'),
  path.resolve(__dirname, '../../../../../services/market/assets/logos'),
].find((dir) => existsSync(dir));

/** Serves the instrument logos at /assets/logos/<code>.svg (the `logo` of every market item). */
@ApiExcludeController()
@Controller('assets/logos')
export class LogosController {
  @Get(':file')
  async logo(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    // The name pattern keeps the path inside the logo folder.
    if (!LOGO_DIR || !/^[A-Z0-9]{1,16}\.svg$/.test(file)) throw new AppException(ErrorCode.NotFound);
    const body = await readFile(path.join(LOGO_DIR, file)).catch(() => null);
    if (!body) throw new AppException(ErrorCode.NotFound);
    await reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(body);
  }
}
