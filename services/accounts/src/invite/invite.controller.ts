import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AdminAuth,
  CurrentPrincipal,
  CustomerAuth,
  PageQuery,
  parseListQuery,
  setContentRange,
  type AuthPrincipal,
} from '@app/common';
import { InviteService, REWARD_SORTABLE } from './invite.service';

@ApiTags('invite')
@Controller('swx/customer/user')
@CustomerAuth()
export class InviteController {
  constructor(private readonly invite: InviteService) {}

  @Get('getInviteInfo')
  @ApiOperation({
    summary:
      'The invite screen: my invite code, the registration link path that pre-fills it, how many friends registered with it, my rewards per currency and the reward rule (a share of their real-book trading fees)',
  })
  info(@CurrentPrincipal() p: AuthPrincipal) {
    return this.invite.info(p.id);
  }

  @Get('listInvite')
  @ApiOperation({
    summary: 'Friends who registered with my code (names masked), newest first, with what each earned me',
  })
  invitees(@CurrentPrincipal() p: AuthPrincipal, @Query() q: PageQuery) {
    return this.invite.invitees(p.id, q.pageNum ?? 1, q.pageSize ?? 20);
  }

  @Get('listInviteReward')
  @ApiOperation({
    summary: 'My invite rewards, newest first: the friend, the fee, the share and the amount credited',
  })
  rewards(@CurrentPrincipal() p: AuthPrincipal, @Query() q: PageQuery) {
    return this.invite.myRewards(p.id, q.pageNum ?? 1, q.pageSize ?? 20);
  }
}

@ApiTags('admin invite')
@Controller('swx/admin/inviteRewards')
@AdminAuth()
export class AdminInviteController {
  constructor(private readonly invite: InviteService) {}

  @Get()
  @ApiOperation({
    summary: 'Invite rewards (ra-data-simple-rest: range, sort, filter {id, inviterId, inviteeId, currency})',
  })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, REWARD_SORTABLE, { field: 'id', order: 'DESC' });
    const [rows, total] = await this.invite.adminRewards(list);
    setContentRange(reply, 'inviteRewards', list.offset, rows.length, total);
    return rows;
  }
}
