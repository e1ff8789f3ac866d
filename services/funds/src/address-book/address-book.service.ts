import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppException, Clock, ErrorCode, NOTIFICATIONS, type Notifications } from '@app/common';
import { CoinsService } from '../coins/coins.service';
import type { AddressKind } from '../coins/entities/coin-network.entity';
import { addressKey, checkCryptoDestination } from '../withdrawals/withdrawal-destination';
import type { AddWithdrawalAddressDto } from './dto/address-book.dto';
import { WithdrawalAddress } from './withdrawal-address.entity';

/** An entry becomes usable for withdrawals this long after it was added. */
export const ADDRESS_COOLING_MS = 24 * 3600 * 1000;
/** Entries one user may keep. */
export const ADDRESS_BOOK_LIMIT = 50;

/**
 * The withdrawal address book. An address is saved only if a withdrawal to it would pass the
 * destination checks; it becomes usable 24 hours (by the Clock) after it was added, so that whoever
 * took over an account cannot add an address and empty the account at once. Deleting and adding
 * again starts the wait again. Entries are the owner's alone: another user's id answers 404.
 */
@Injectable()
export class AddressBookService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly coins: CoinsService,
    private readonly clock: Clock,
    @Optional() @Inject(NOTIFICATIONS) private readonly notifications?: Notifications,
  ) {}

  async list(userId: string) {
    const rows = await this.dataSource
      .getRepository(WithdrawalAddress)
      .find({ where: { userId }, order: { id: 'DESC' }, take: ADDRESS_BOOK_LIMIT });
    return rows.map((row) => this.view(row));
  }

  async add(userId: string, dto: AddWithdrawalAddressDto) {
    const net = await checkCryptoDestination(this.coins, dto.coin, dto.network, dto.address);
    const now = this.clock.now();
    const saved = await this.dataSource.transaction(async (m) => {
      // One writer per user at a time, so that the limit holds under concurrent adds.
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('withdrawal-address-book:' || $1))`, [userId]);
      const count = await m.count(WithdrawalAddress, { where: { userId } });
      if (count >= ADDRESS_BOOK_LIMIT)
        throw AppException.field('address', 'validation.addressBookFull', { limit: ADDRESS_BOOK_LIMIT });
      const key = addressKey(net.addressKind, dto.address);
      const existing = await m.findOne(WithdrawalAddress, {
        where: { userId, coin: net.coin, network: net.network, addressKey: key },
      });
      if (existing) throw AppException.field('address', 'validation.addressInBook');
      const row = await m.save(
        m.create(WithdrawalAddress, {
          userId,
          coin: net.coin,
          network: net.network,
          address: dto.address,
          addressKey: key,
          label: dto.label,
          createdAt: now,
          usableFrom: new Date(now.getTime() + ADDRESS_COOLING_MS),
        }),
      );
      // The bell tells the owner (commits with the entry): if someone else added it, they see it
      // during the 24-hour wait and can delete it before it is usable.
      await this.notifications?.notify(
        {
          userId,
          type: 'withdrawal',
          key: `withdrawal-address-added-${row.id}`,
          title: 'message.addressBookAddedTitle',
          body: 'message.addressBookAddedBody',
          params: {
            coin: row.coin,
            network: row.network,
            address: maskAddress(row.address),
            time: formatUtc(row.usableFrom),
          },
          refType: 'withdrawalAddress',
          refId: row.id,
        },
        m,
      );
      return row;
    });
    return this.view(saved);
  }

  async remove(userId: string, id: string) {
    const result = /^\d{1,18}$/.test(id)
      ? await this.dataSource.getRepository(WithdrawalAddress).delete({ id, userId })
      : { affected: 0 };
    if (!result.affected) throw new AppException(ErrorCode.NotFound);
    return null;
  }

  /**
   * For a withdrawal and its review: the book's entry for the destination, if there is one, with
   * whether its 24-hour wait is over (`usable`) and when it ends (`usableFrom`).
   */
  async entryFor(
    userId: string,
    coin: string,
    network: string,
    kind: AddressKind,
    address: string,
  ): Promise<{ label: string; createdAt: Date; usableFrom: Date; usable: boolean } | null> {
    const entry = await this.dataSource.getRepository(WithdrawalAddress).findOne({
      where: { userId, coin, network, addressKey: addressKey(kind, address) },
    });
    if (!entry) return null;
    return {
      label: entry.label,
      createdAt: entry.createdAt,
      usableFrom: entry.usableFrom,
      usable: entry.usableFrom.getTime() <= this.clock.now().getTime(),
    };
  }

  private view(row: WithdrawalAddress) {
    return {
      id: row.id,
      coin: row.coin,
      network: row.network,
      address: row.address,
      label: row.label,
      createdAt: row.createdAt.toISOString(),
      usableFrom: row.usableFrom.toISOString(),
      usable: row.usableFrom.getTime() <= this.clock.now().getTime(),
    };
  }
}

/** `0x52908400…3Ad8`: enough of an address to recognise it, not to copy it. */
export function maskAddress(address: string): string {
  return address.length <= 14 ? address : `${address.slice(0, 8)}…${address.slice(-4)}`;
}

/** `2026-11-24 17:41 UTC`: a time named in a message, the same in every language. */
function formatUtc(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
