import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppException, ErrorCode } from '@app/common';
import { InstrumentsService } from './instruments.service';

// The logos ship in services/market/assets/logos; from the compiled dist/ tree they are found
// in the source tree (the build copies only src/).
const LOGO_DIR = [
  path.resolve(__dirname, '../../assets/logos'),
  path.resolve(__dirname, '../../../../../services/market/assets/logos'),
].find((dir) => existsSync(dir));

/** Quote currencies dropped from a badge's text (BTCUSDT reads BTC). */
const QUOTE_SUFFIX = /(USDT|USD)$/;

/**
 * The badge the shipped logos are drawn as (a coloured disc with the code), for an instrument an
 * admin added without a shipped file. The code is [A-Z0-9] only, so it is safe inside the SVG.
 */
export function badgeSvg(code: string): string {
  const hue = createHash('sha256').update(code).digest().readUInt16BE(0) % 360;
  const text = (code.length > 6 ? code.replace(QUOTE_SUFFIX, '') : code).slice(0, 6) || code.slice(0, 6);
  const size = text.length > 4 ? 11 : 13;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${code}">
  <circle cx="32" cy="32" r="31" fill="hsl(${hue},62%,42%)"/>
  <circle cx="32" cy="32" r="26" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/>
  <text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" font-size="${size}" font-weight="700" fill="#fff">${text}</text>
</svg>
`;
}

/**
 * Serves the instrument logos at /assets/logos/<code>.svg (the `logo` of every market item): the
 * shipped file, else a drawn badge for an instrument of the catalogue.
 */
@ApiExcludeController()
@Controller('assets/logos')
export class LogosController {
  constructor(private readonly instruments: InstrumentsService) {}

  @Get(':file')
  async logo(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    // The name pattern keeps the path inside the logo folder.
    const name = /^([A-Z0-9]{1,16})\.svg$/.exec(file);
    if (!name) throw new AppException(ErrorCode.NotFound);
    const shipped = LOGO_DIR ? await readFile(path.join(LOGO_DIR, file)).catch(() => null) : null;
    const body = shipped ?? (this.instruments.findByCode(name[1]) ? badgeSvg(name[1]) : null);
    if (!body) throw new AppException(ErrorCode.NotFound);
    await reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(body);
  }
}
