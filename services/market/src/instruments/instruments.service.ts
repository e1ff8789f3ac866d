import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AppException, ErrorCode } from '@app/common';
import { Instrument } from './entities/instrument.entity';
import type { InstrumentType } from './instrument-type';
import { MarketClock } from './market-clock';
import { isOpenAt } from './trading-hours';

/**
 * The instrument catalogue. Instruments change only through migrations, so the list is read once
 * at boot and served from memory (every tick and quote looks one up).
 */
@Injectable()
export class InstrumentsService implements OnModuleInit {
  private list: Instrument[] = [];
  private readonly byCodeMap = new Map<string, Instrument>();
  private readonly byIdMap = new Map<number, Instrument>();

  constructor(
    @InjectRepository(Instrument) private readonly repo: Repository<Instrument>,
    private readonly clock: MarketClock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
  }

  async reload(): Promise<void> {
    this.list = await this.repo.find({
      where: { status: 'active' },
      order: { type: 'ASC', sortOrder: 'ASC' },
    });
    this.byCodeMap.clear();
    this.byIdMap.clear();
    for (const i of this.list) {
      this.byCodeMap.set(i.code, i);
      this.byIdMap.set(i.id, i);
    }
  }

  all(): readonly Instrument[] {
    return this.list;
  }

  ofType(type: InstrumentType): Instrument[] {
    return this.list.filter((i) => i.type === type);
  }

  findByCode(code: string): Instrument | undefined {
    return this.byCodeMap.get(code);
  }

  byCode(code: string): Instrument {
    const found = this.byCodeMap.get(code);
    if (!found) throw new AppException(ErrorCode.NotFound);
    return found;
  }

  byId(id: number): Instrument {
    const found = this.byIdMap.get(id);
    if (!found) throw new AppException(ErrorCode.NotFound);
    return found;
  }

  isOpen(instrument: Instrument, at: Date = this.clock.now()): boolean {
    return isOpenAt(instrument.tradingHours, at);
  }
}
