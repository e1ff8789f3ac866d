import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { AppException, ErrorCode, type Book } from '@app/common';
import { InsufficientBalanceError, LedgerService, type JournalEntry } from '@app/ledger';
import type { Side } from './matching';
import { SpotOwnership } from './spot-ownership.service';

/** A validated order/submit: what it may spend (`held`, in `currency`) is known. */
export interface SpotSubmission {
  userId: string;
  book: Book;
  symbol: string;
  side: Side;
  type: 'limit' | 'market';
  price: Decimal | null;
  quantity: Decimal | null;
  quoteAmount: Decimal | null;
  held: Decimal;
  /** The quote coin for a buy, the base coin for a sell. */
  currency: string;
}

interface Waiting {
  submission: SpotSubmission;
  resolve: (orderId: string) => void;
  reject: (error: unknown) => void;
}

/** Submissions accepted in one transaction at most. */
const MAX_GROUP = 256;
/** Acceptance transactions under way at once (each on its own connection). */
const MAX_IN_FLIGHT = 2;

/**
 * Accepting orders with group commit: the submissions that arrive while earlier ones are being
 * written are accepted together, in ONE transaction that inserts their order rows (one statement)
 * and holds their money (one ledger call, `postMany`, a journal entry `spot-hold-<order id>` per
 * order). Each order is still all or nothing with its own hold, and the ledger refuses any user
 * balance below zero, so two orders spending the same balance never both pass. When a group is
 * refused (a balance that does not cover every order of it, or any other failure), it is split in
 * halves that are tried in turn, earlier orders first, down to the single order that is refused
 * alone (10092). Once a group is committed the pairs' sequencers are told (SpotOwnership.notify).
 */
@Injectable()
export class SpotIntake {
  private readonly logger = new Logger(SpotIntake.name);
  private readonly queue: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly ownership: SpotOwnership,
  ) {}

  /** Accepts the order and holds its money; answers the order's id (10092 when the balance is short). */
  accept(submission: SpotSubmission): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      this.queue.push({ submission, resolve, reject });
      // Those parsed in the same turn of the event loop go together.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const group = this.queue.splice(0, MAX_GROUP);
      this.inFlight += 1;
      void this.settle(group)
        .catch((error: Error) => this.logger.error(`spot acceptance: ${error.message}`))
        .finally(() => {
          this.inFlight -= 1;
          this.pump();
        });
    }
  }

  private async settle(group: Waiting[]): Promise<void> {
    let ids: string[];
    try {
      ids = await this.write(group.map((w) => w.submission));
    } catch (error) {
      if (group.length === 1) {
        group[0].reject(
          error instanceof InsufficientBalanceError ? new AppException(ErrorCode.InsufficientBalance) : error,
        );
        return;
      }
      if (!(error instanceof InsufficientBalanceError))
        this.logger.warn(`spot acceptance of ${group.length} orders: ${(error as Error).message}`);
      const half = Math.ceil(group.length / 2);
      await this.settle(group.slice(0, half));
      await this.settle(group.slice(half));
      return;
    }
    // Resolved first: each request registers its wait for the sequencer before any drain can end.
    group.forEach((w, i) => w.resolve(ids[i]));
    const books = new Map<string, Set<Book>>();
    for (const { submission: s } of group) {
      let set = books.get(s.symbol);
      if (!set) books.set(s.symbol, (set = new Set()));
      set.add(s.book);
    }
    for (const [symbol, set] of books) {
      // Lost, the kick only delays the orders until the pair's catch-up.
      this.ownership
        .notify(symbol, [...set])
        .catch((error: Error) => this.logger.warn(`spot kick ${symbol}: ${error.message}`));
    }
  }

  /** The order rows and their holds, in one transaction; the new ids in the submissions' order. */
  private async write(submissions: SpotSubmission[]): Promise<string[]> {
    const out = await this.dataSource.transaction(async (m) => {
      // The ids are drawn first so that each row is known by its place in the list.
      const rows: { id: string }[] = await m.query(
        `WITH ids AS MATERIALIZED (
           SELECT g.n, nextval(pg_get_serial_sequence('orders.spot_orders', 'id')) AS id
             FROM generate_series(1, $1::int) AS g(n)
         ), ins AS (
           INSERT INTO orders.spot_orders (id, user_id, book, symbol, side, type, price, quantity, quote_amount,
                                           held, held_left, state)
           OVERRIDING SYSTEM VALUE
           SELECT ids.id, u.user_id, u.book, u.symbol, u.side, u.type, u.price, u.quantity, u.quote_amount,
                  u.held, u.held, 'pending'
             FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[], $8::numeric[],
                         $9::numeric[], $10::numeric[])
                  WITH ORDINALITY AS u(user_id, book, symbol, side, type, price, quantity, quote_amount, held, n)
             JOIN ids ON ids.n = u.n
            ORDER BY u.n
         )
         SELECT id::text FROM ids ORDER BY n`,
        [
          submissions.length,
          submissions.map((s) => s.userId),
          submissions.map((s) => s.book),
          submissions.map((s) => s.symbol),
          submissions.map((s) => s.side),
          submissions.map((s) => s.type),
          submissions.map((s) => s.price?.toFixed() ?? null),
          submissions.map((s) => s.quantity?.toFixed() ?? null),
          submissions.map((s) => s.quoteAmount?.toFixed() ?? null),
          submissions.map((s) => s.held.toFixed()),
        ],
      );
      if (rows.length !== submissions.length) throw new Error('spot acceptance: ids and orders differ');
      const ids = rows.map((r) => r.id);
      const holds: JournalEntry[] = submissions.map((s, i) => {
        const owner = { type: 'user' as const, id: s.userId };
        return {
          key: `spot-hold-${ids[i]}`,
          reason: 'spot_order_hold',
          refType: 'spot_order',
          refId: ids[i],
          legs: [
            {
              from: { owner, book: s.book, currency: s.currency, kind: 'available' },
              to: { owner, book: s.book, currency: s.currency, kind: 'frozen' },
              amount: s.held,
            },
          ],
        };
      });
      // The ledger refuses (10092) when an available balance does not cover what the group holds.
      const posted = await this.ledger.postMany(holds, m);
      if (posted.some((p) => p.replayed))
        throw new Error('spot acceptance: a hold of a new order was replayed');
      return ids;
    });
    return out;
  }
}
