import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import type { Repository } from 'typeorm';
import {
  AdminAuth,
  clientAddress,
  contentRange,
  CurrentPrincipal,
  parseListQuery,
  type AppRequest,
  type AuthPrincipal,
} from '@app/common';
import { OutboxMessage } from '../verification/entities/outbox-message.entity';
import { AdminAuthService } from './admin-auth.service';
import { AdminLoginDto } from './dto/admin-login.dto';

@ApiTags('admin')
@Controller('swx/admin')
export class AdminController {
  constructor(
    private readonly auth: AdminAuthService,
    @InjectRepository(OutboxMessage) private readonly outbox: Repository<OutboxMessage>,
  ) {}

  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admin login (separate from customers); answers a session token' })
  login(@Body() dto: AdminLoginDto, @Req() req: AppRequest) {
    const ua = req.headers['user-agent'];
    return this.auth.login(dto, {
      ip: clientAddress(req),
      userAgent: typeof ua === 'string' ? ua : undefined,
    });
  }

  @Get('me')
  @AdminAuth()
  @ApiOperation({ summary: 'The logged-in admin' })
  me(@CurrentPrincipal() principal: AuthPrincipal) {
    return { id: principal.id, roles: principal.roles };
  }

  @Get('outbox')
  @AdminAuth()
  @ApiOperation({
    summary:
      'E-mails and SMS kept by the embedded default, newest first (ra-data-simple-rest: range, sort, filter)',
  })
  async listOutbox(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, ['id', 'createdAt', 'recipient', 'channel'], {
      field: 'id',
      order: 'DESC',
    });
    const qb = this.outbox.createQueryBuilder('o');
    const { recipient, channel, q } = list.filter as { recipient?: unknown; channel?: unknown; q?: unknown };
    if (typeof recipient === 'string') qb.andWhere('lower(o.recipient) = lower(:recipient)', { recipient });
    if (typeof channel === 'string') qb.andWhere('o.channel = :channel', { channel });
    if (typeof q === 'string' && q) qb.andWhere('(o.recipient ILIKE :q OR o.body ILIKE :q)', { q: `%${q}%` });
    const [rows, total] = await qb
      .orderBy(`o.${list.sort.field}`, list.sort.order)
      .addOrderBy('o.id', 'DESC')
      .skip(list.offset)
      .take(list.limit)
      .getManyAndCount();
    void reply.header('Content-Range', contentRange('outbox', list.offset, rows.length, total));
    void reply.header('Access-Control-Expose-Headers', 'Content-Range');
    return rows;
  }
}
