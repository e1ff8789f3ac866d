import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppException, ErrorCode } from '@app/common';
import type { LoginByGoogleDto } from '../oidc/dto/google-login.dto';
import { OidcLink } from '../oidc/entities/oidc-link.entity';
import { OidcClientService } from '../oidc/oidc-client.service';
import { WalletLink } from '../wallet/entities/wallet-link.entity';
import { SiweVerifierService } from '../wallet/siwe-verifier.service';
import type { LoginByDappDto } from '../wallet/dto/wallet-login.dto';
import { SecurityChangesService } from '../users/security-changes.service';

export interface LinksView {
  /** Whether password login works (the user has a password). */
  hasPassword: boolean;
  google: { issuer: string; subject: string; email: string | null; linkedAt: string }[];
  wallets: { address: string; chainId: number; linkedAt: string }[];
}

/**
 * A logged-in user links or unlinks Google (OIDC) accounts and wallets (SIWE). A provider account
 * or an address belongs to one user; the last way to log in (password, Google or wallet) stays.
 * A new link is a security change (withdrawals wait 24 hours, the user is notified): whoever took
 * over a session could otherwise add a way to log in that outlives a password reset.
 */
@Injectable()
export class LinksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly oidc: OidcClientService,
    private readonly siwe: SiweVerifierService,
    private readonly securityChanges: SecurityChangesService,
  ) {}

  async list(userId: string): Promise<LinksView> {
    const [user] = await this.dataSource.query<{ has_password: boolean }[]>(
      'SELECT password_hash IS NOT NULL AS has_password FROM accounts.users WHERE id = $1',
      [userId],
    );
    if (!user) throw new AppException(ErrorCode.UserNotFound);
    const google = await this.dataSource
      .getRepository(OidcLink)
      .find({ where: { userId }, order: { createdAt: 'ASC' } });
    const wallets = await this.dataSource
      .getRepository(WalletLink)
      .find({ where: { userId }, order: { createdAt: 'ASC' } });
    return {
      hasPassword: user.has_password,
      google: google.map((l) => ({
        issuer: l.issuer,
        subject: l.subject,
        email: l.email,
        linkedAt: l.createdAt.toISOString(),
      })),
      wallets: wallets.map((w) => ({
        address: w.address,
        chainId: w.chainId,
        linkedAt: w.createdAt.toISOString(),
      })),
    };
  }

  /** Step 1 of linking Google: the provider URL, with a state only this user can complete. */
  googleAuthUrl(userId: string) {
    return this.oidc.authorizationUrl(userId);
  }

  /** Step 2: the callback's code and state; the provider account is linked to the user. */
  async linkGoogle(userId: string, dto: LoginByGoogleDto): Promise<LinksView> {
    const identity = await this.oidc.exchange(dto, userId);
    await this.linkOnce(userId, (m) =>
      m
        .createQueryBuilder()
        .insert()
        .into(OidcLink)
        .values({ issuer: identity.issuer, subject: identity.subject, userId, email: identity.email })
        .orIgnore()
        .returning('user_id')
        .execute(),
    );
    const owner = await this.dataSource
      .getRepository(OidcLink)
      .findOne({ where: { issuer: identity.issuer, subject: identity.subject } });
    if (owner?.userId !== userId) throw AppException.field('code', 'auth.linkOwnedByOther');
    return this.list(userId);
  }

  /** A SIWE message signed by the wallet (nonce from login/dappNonce) links its address. */
  async linkWallet(userId: string, dto: LoginByDappDto): Promise<LinksView> {
    const wallet = await this.siwe.verify(dto.message, dto.signature);
    await this.linkOnce(userId, (m) =>
      m
        .createQueryBuilder()
        .insert()
        .into(WalletLink)
        .values({ address: wallet.address, userId, chainId: wallet.chainId })
        .orIgnore()
        .returning('user_id')
        .execute(),
    );
    const owner = await this.dataSource
      .getRepository(WalletLink)
      .findOne({ where: { address: wallet.address } });
    if (owner?.userId !== userId) throw AppException.field('message', 'auth.linkOwnedByOther');
    return this.list(userId);
  }

  async unlinkGoogle(userId: string, issuer: string, subject: string): Promise<LinksView> {
    await this.unlink(userId, (m) => m.delete(OidcLink, { issuer, subject, userId }));
    return this.list(userId);
  }

  async unlinkWallet(userId: string, address: string): Promise<LinksView> {
    await this.unlink(userId, (m) => m.delete(WalletLink, { address: address.toLowerCase(), userId }));
    return this.list(userId);
  }

  /** Inserts a link (or nothing when it exists); a new one is recorded as a security change with it. */
  private async linkOnce(
    userId: string,
    insert: (m: EntityManager) => Promise<{ identifiers: unknown[]; raw: unknown }>,
  ): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const inserted = await insert(m);
      if (Array.isArray(inserted.raw) && inserted.raw.length > 0)
        await this.securityChanges.record(userId, 'loginLinked', m);
    });
  }

  /**
   * Deletes one link, then checks that a way to log in remains, in one transaction under the
   * user's row lock: two concurrent unlinks of the last two ways cannot both pass.
   */
  private async unlink(
    userId: string,
    remove: (m: EntityManager) => Promise<{ affected?: number | null }>,
  ): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const [user] = await m.query<{ has_password: boolean }[]>(
        'SELECT password_hash IS NOT NULL AS has_password FROM accounts.users WHERE id = $1 FOR UPDATE',
        [userId],
      );
      if (!user) throw new AppException(ErrorCode.UserNotFound);
      const removed = await remove(m);
      if (!removed.affected) throw new AppException(ErrorCode.NotFound, null, {}, 'auth.linkNotFound');
      const [{ links }] = await m.query<{ links: number }[]>(
        `SELECT (SELECT count(*) FROM accounts.oidc_links WHERE user_id = $1)::int
              + (SELECT count(*) FROM accounts.wallet_links WHERE user_id = $1)::int AS links`,
        [userId],
      );
      if (!user.has_password && links === 0)
        throw new AppException(ErrorCode.Forbidden, null, {}, 'auth.linkLastLoginMethod');
    });
  }
}
