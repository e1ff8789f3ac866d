import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { FastifyReply } from 'fastify';
import {
  AdminAuth,
  AppException,
  clientAddress,
  CurrentPrincipal,
  CustomerAuth,
  parseListQuery,
  readImageForm,
  sendPrivateImage,
  setContentRange,
  type AppRequest,
  type AuthPrincipal,
  type MultipartForm,
} from '@app/common';
import { adminActor } from '../shared/admin-actor';
import { VISITOR_ID } from './support-sockets';
import {
  cleanClientId,
  cleanMessage,
  CONVERSATION_SORTABLE,
  MAX_MESSAGE_LENGTH,
  SupportService,
  type Party,
} from './support.service';

class HistoryQuery {
  @ApiPropertyOptional({ description: 'Messages before this id (scrolling back)' })
  @IsOptional()
  @Matches(/^\d{1,18}$/, { message: 'validation.invalid' })
  before?: string;

  @ApiPropertyOptional({ default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  @Max(100, { message: 'validation.invalid' })
  limit?: number;
}

class MessageDto {
  @ApiProperty({ maxLength: MAX_MESSAGE_LENGTH })
  @IsString({ message: 'validation.required' })
  @MaxLength(MAX_MESSAGE_LENGTH, { message: 'validation.invalid' })
  body: string;

  @ApiPropertyOptional({ description: 'The sender’s id for this message: a resend is kept once' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'validation.invalid' })
  clientId?: string;
}

class ConversationIdParam {
  @Matches(/^\d{1,18}$/, { message: 'validation.invalid' })
  id: string;
}

function text(body: string): string {
  const clean = cleanMessage(body);
  if (clean === null) throw AppException.field('body', 'validation.invalid');
  return clean;
}

class SignedQuery {
  @Matches(/^\d{1,18}$/, { message: 'validation.invalid' })
  exp: string;

  @Matches(/^[0-9a-f]{64}$/, { message: 'validation.invalid' })
  sig: string;
}

class VisitorHistoryQuery extends HistoryQuery {
  @ApiProperty({ description: 'The visitor id the browser keeps (22..64 URL-safe characters)' })
  @Matches(VISITOR_ID, { message: 'validation.invalid' })
  visitorId: string;
}

function visitorId(raw: unknown): string {
  if (typeof raw !== 'string' || !VISITOR_ID.test(raw))
    throw AppException.field('visitorId', 'validation.invalid');
  return raw;
}

/**
 * An image message from a multipart form: one `image` (JPG, PNG or JPEG 2000 by its bytes, at most
 * upload_max_mb), an optional caption `body` and `clientId`.
 */
async function sendImage(support: SupportService, party: Party, form: MultipartForm) {
  const images = form.images.filter((i) => i.field === 'image');
  if (images.length !== 1 || form.images.length !== 1)
    throw AppException.field('image', 'validation.imageRequired');
  const caption = form.fields.body?.trim() ? text(form.fields.body) : '';
  const clientId = cleanClientId(form.fields.clientId);
  if (clientId === null) throw AppException.field('clientId', 'validation.invalid');
  return support.send(party, caption, clientId, images[0]);
}

@ApiTags('support')
@Controller('swx/customer/user')
@CustomerAuth()
export class SupportController {
  constructor(private readonly support: SupportService) {}

  @Get('supportMessages')
  @ApiOperation({
    summary: 'My support chat history, oldest first (before, limit), with the unread count of agent replies',
  })
  history(@CurrentPrincipal() p: AuthPrincipal, @Query() q: HistoryQuery) {
    return this.support.userHistory(p.id, q.before, q.limit ?? 50);
  }

  @Post('supportMessage')
  @HttpCode(200)
  @ApiOperation({ summary: 'Write to support over HTTP (the /support socket does the same live)' })
  async send(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: MessageDto) {
    const body = text(dto.body);
    await this.support.limitCustomer(p.id, 'message');
    return this.support.userSend(p.id, body, dto.clientId);
  }

  @Post('supportRead')
  @HttpCode(200)
  @ApiOperation({ summary: 'I read the agents’ replies (unread count to 0)' })
  read(@CurrentPrincipal() p: AuthPrincipal) {
    return this.support.userRead(p.id);
  }

  @Post('supportImage')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Send an image to support (multipart: image, optional body and clientId); checked by its bytes and upload_max_mb',
  })
  async image(@CurrentPrincipal() p: AuthPrincipal, @Req() req: AppRequest) {
    // Counted before the upload is read, as a visitor's: a refused one costs no storage.
    await this.support.limitCustomer(p.id, 'image');
    const form = await readImageForm(req, await this.support.maxUploadMegabytes());
    return sendImage(this.support, { kind: 'user', id: p.id }, form);
  }
}

/** A logged-out visitor's side of the chat (the service page), by the visitor id their browser keeps. */
@ApiTags('support')
@Controller('swx/customer/index')
export class VisitorSupportController {
  constructor(private readonly support: SupportService) {}

  @Get('supportMessages')
  @ApiOperation({ summary: 'A visitor’s support chat history, oldest first (visitorId, before, limit)' })
  history(@Query() q: VisitorHistoryQuery) {
    return this.support.history({ kind: 'visitor', id: q.visitorId }, q.before, q.limit ?? 50);
  }

  @Post('supportImage')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A visitor sends an image to support (multipart: visitorId, image, optional body)',
  })
  async image(@Req() req: AppRequest) {
    // Counted before the upload is read: a refused one costs no storage and little bandwidth.
    await this.support.limitVisitor(clientAddress(req), 'image');
    const form = await readImageForm(req, await this.support.maxUploadMegabytes());
    return sendImage(this.support, { kind: 'visitor', id: visitorId(form.fields.visitorId) }, form);
  }

  @Get('supportImage/:id')
  @ApiOperation({ summary: 'An image of a support message through its signed link that expires' })
  async file(@Param() { id }: ConversationIdParam, @Query() q: SignedQuery, @Res() reply: FastifyReply) {
    const file = await this.support.image(id, q.exp, q.sig);
    await sendPrivateImage(reply, file, `support-${id}`);
  }
}

@ApiTags('admin support')
@Controller('swx/admin/support/conversations')
@AdminAuth()
export class AdminSupportController {
  constructor(private readonly support: SupportService) {}

  @Get()
  @ApiOperation({
    summary:
      'Support conversations of customers and visitors (ra-data-simple-rest: range, sort, filter {id, status, userId, visitor, unread}), newest activity first',
  })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, CONVERSATION_SORTABLE, { field: 'lastMessageAt', order: 'DESC' });
    const [rows, total] = await this.support.adminConversations(list);
    setContentRange(reply, 'conversations', list.offset, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param() { id }: ConversationIdParam) {
    return this.support.adminConversation(id);
  }

  @Get(':id/messages')
  @ApiOperation({ summary: 'Messages of a conversation, oldest first (before, limit)' })
  messages(@Param() { id }: ConversationIdParam, @Query() q: HistoryQuery) {
    return this.support.adminMessages(id, q.before, q.limit ?? 50);
  }

  @Post(':id/reply')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reply to the customer (audited); delivered live on their /support sockets' })
  reply(
    @Param() { id }: ConversationIdParam,
    @Body() dto: MessageDto,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.support.agentReply(id, text(dto.body), adminActor(p, req), dto.clientId);
  }

  @Post(':id/close')
  @HttpCode(200)
  @ApiOperation({ summary: 'Close a conversation (audited); the customer writing again reopens it' })
  close(@Param() { id }: ConversationIdParam, @CurrentPrincipal() p: AuthPrincipal, @Req() req: AppRequest) {
    return this.support.close(id, adminActor(p, req));
  }
}
