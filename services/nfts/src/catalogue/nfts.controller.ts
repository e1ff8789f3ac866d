import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import type { FastifyReply } from 'fastify';
import {
  AdminAuth,
  AdminRole,
  AppException,
  clientAddress,
  CurrentBook,
  CurrentPrincipal,
  CustomerAuth,
  ErrorCode,
  Idempotent,
  parseListQuery,
  setContentRange,
  type AppRequest,
  type AuthPrincipal,
  type Book,
} from '@app/common';
import { NftAuctionService } from '../auction/nft-auction.service';
import {
  BuyNftDto,
  CharityDto,
  CreateNftDto,
  ListNftQuery,
  MyNftQuery,
  NftIdParam,
  UpdateCharityDto,
  UpdateNftDto,
} from './dto/nft.dto';
import { CHARITY_SORTABLE, NFT_SORTABLE, NftsService, type AdminActor } from './nfts.service';

/** The artwork shipped with the seeded catalogue. */
const IMAGES_DIR = path.join(__dirname, '..', 'images');

const actor = (p: AuthPrincipal, req: AppRequest): AdminActor => ({ id: p.id, ip: clientAddress(req) });

@ApiTags('nfts')
@Controller('swx/customer/index')
export class NftCatalogueController {
  constructor(private readonly nfts: NftsService) {}

  @Get('listNft')
  @ApiOperation({
    summary:
      'Charity NFTs: image, name, contract, creator, chain, price, current bid, end time, donation, charity (paging, filters status/chain/charityId/q, sort)',
  })
  list(@Query() q: ListNftQuery) {
    return this.nfts.catalogue(q);
  }

  @Get('getNft/:id')
  @ApiOperation({ summary: 'One collectible of the catalogue' })
  get(@Param() { id }: NftIdParam) {
    return this.nfts.getPublic(id);
  }

  @Get('listCharity')
  @ApiOperation({ summary: 'The charities NFTs raise money for, with their cumulative donations' })
  charities() {
    return this.nfts.charitiesPublic();
  }

  @Get('nftImage/:file')
  @ApiOperation({ summary: 'Artwork of the seeded collectibles (SVG)' })
  async image(@Param('file') file: string, @Res() reply: FastifyReply) {
    if (!/^[a-z0-9-]{1,60}\.svg$/.test(file ?? '')) throw new AppException(ErrorCode.NotFound);
    const body = await readFile(path.join(IMAGES_DIR, file)).catch(() => null);
    if (!body) throw new AppException(ErrorCode.NotFound);
    // SVG can carry script: served as an image that may not run any, and never sniffed as HTML.
    await reply
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=86400')
      .type('image/svg+xml')
      .send(body);
  }
}

@ApiTags('nfts')
@Controller('swx/customer/user')
@CustomerAuth()
export class NftUserController {
  constructor(
    private readonly nfts: NftsService,
    private readonly auction: NftAuctionService,
  ) {}

  @Post('buyNft')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({
    summary:
      'Buy at the listed price (type buy, 20004) or bid `amount` above the current bid (type bid; frozen until outbid or won). Real book only; 10020 when sold, ended or withdrawn; 10016 bid too low; 10092 balance',
  })
  buy(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Body() dto: BuyNftDto) {
    return dto.type === 'buy'
      ? this.auction.buy(p.id, book, dto.nftId)
      : this.auction.bid(p.id, book, dto.nftId, dto.amount!);
  }

  @Get('listNft')
  @ApiOperation({ summary: 'My collectibles (type owned, default) or my leading bids (type bids), paged' })
  mine(@CurrentPrincipal() p: AuthPrincipal, @Query() q: MyNftQuery) {
    return this.nfts.mine(p.id, q);
  }
}

@ApiTags('admin nfts')
@Controller('swx/admin/nfts')
@AdminAuth(AdminRole.Operator)
export class AdminNftsController {
  constructor(private readonly nfts: NftsService) {}

  @Get()
  @ApiOperation({
    summary: 'Collectibles (ra-data-simple-rest: range, sort, filter {id, status, chain, charityId, q})',
  })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, NFT_SORTABLE, { field: 'id', order: 'DESC' });
    const [rows, total] = await this.nfts.adminList(list);
    setContentRange(reply, 'nfts', list.offset, rows.length, total);
    return rows;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One collectible, with its owner' })
  get(@Param() { id }: NftIdParam) {
    return this.nfts.adminGet(id);
  }

  @Get(':id/bids')
  @ApiOperation({ summary: 'Every bid on a collectible and its state' })
  bids(@Param() { id }: NftIdParam) {
    return this.nfts.adminBids(id);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'List a collectible (audited); its auction closes by a job at the end time' })
  create(@Body() dto: CreateNftDto, @CurrentPrincipal() p: AuthPrincipal, @Req() req: AppRequest) {
    return this.nfts.create(dto, actor(p, req));
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Edit a collectible (audited); price, starting bid and end time only while listed',
  })
  update(
    @Param() { id }: NftIdParam,
    @Body() dto: UpdateNftDto,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.nfts.update(id, dto, actor(p, req));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Withdraw a listed collectible (audited); the highest bid is released' })
  withdraw(@Param() { id }: NftIdParam, @CurrentPrincipal() p: AuthPrincipal, @Req() req: AppRequest) {
    return this.nfts.withdraw(id, actor(p, req));
  }
}

class CharityIdParam {
  @Matches(/^\d{1,9}$/, { message: 'validation.invalid' })
  id: string;
}

@ApiTags('admin nfts')
@Controller('swx/admin/charities')
@AdminAuth(AdminRole.Operator)
export class AdminCharitiesController {
  constructor(private readonly nfts: NftsService) {}

  @Get()
  @ApiOperation({ summary: 'Charities (ra-data-simple-rest: range, sort, filter {id, active, q})' })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, CHARITY_SORTABLE, { field: 'id', order: 'ASC' });
    const [rows, total] = await this.nfts.adminCharities(list);
    setContentRange(reply, 'charities', list.offset, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param() { id }: CharityIdParam) {
    return this.nfts.adminCharity(Number(id));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a charity (audited)' })
  create(@Body() dto: CharityDto, @CurrentPrincipal() p: AuthPrincipal, @Req() req: AppRequest) {
    return this.nfts.createCharity(dto, actor(p, req));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Edit a charity (audited); its donation total is not editable' })
  update(
    @Param() { id }: CharityIdParam,
    @Body() dto: UpdateCharityDto,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.nfts.updateCharity(Number(id), dto, actor(p, req));
  }
}
