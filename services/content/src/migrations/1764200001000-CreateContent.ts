import type { MigrationInterface, QueryRunner } from 'typeorm';
import { LANGUAGES } from '@app/common';
import { SEED_BY_LANGUAGE } from '../seed';

/** Where each seeded text lives: footer group (spec: 1 company, 2 policy, 3 other) or help centre. */
const CONTENT_SLUGS: { slug: string; section: 'footer' | 'help'; type: 1 | 2 | 3; sort: number }[] = [
  { slug: 'about-us', section: 'footer', type: 1, sort: 10 },
  { slug: 'licence-supervision', section: 'footer', type: 1, sort: 20 },
  { slug: 'terms', section: 'footer', type: 2, sort: 10 },
  { slug: 'privacy', section: 'footer', type: 2, sort: 20 },
  { slug: 'legal-info', section: 'footer', type: 3, sort: 10 },
  { slug: 'disclaimer', section: 'footer', type: 3, sort: 20 },
  { slug: 'risk-warning', section: 'footer', type: 3, sort: 30 },
  { slug: 'cookie-policy', section: 'footer', type: 3, sort: 40 },
  { slug: 'about-advertising', section: 'footer', type: 3, sort: 50 },
  { slug: 'help-centre', section: 'help', type: 1, sort: 10 },
  { slug: 'faq-account', section: 'help', type: 3, sort: 20 },
  { slug: 'faq-deposit', section: 'help', type: 3, sort: 30 },
  { slug: 'faq-withdrawal', section: 'help', type: 3, sort: 40 },
  { slug: 'faq-demo', section: 'help', type: 3, sort: 50 },
];

const ANNOUNCEMENTS: { key: string; publishedAt: string }[] = [
  { key: 'welcome', publishedAt: '2025-01-06T08:00:00Z' },
  { key: 'demo-account', publishedAt: '2025-02-03T08:00:00Z' },
  { key: 'security', publishedAt: '2025-03-03T08:00:00Z' },
];

/** Levels 0..5 (USDT thresholds; fee discount as a share of the fee). */
const LEVELS = [
  { level: 0, name: 'VIP 0', minDeposit: '0', minVolume: '0', feeDiscount: '0' },
  { level: 1, name: 'VIP 1', minDeposit: '1000', minVolume: '50000', feeDiscount: '0.05' },
  { level: 2, name: 'VIP 2', minDeposit: '10000', minVolume: '500000', feeDiscount: '0.1' },
  { level: 3, name: 'VIP 3', minDeposit: '50000', minVolume: '2500000', feeDiscount: '0.15' },
  { level: 4, name: 'VIP 4', minDeposit: '200000', minVolume: '10000000', feeDiscount: '0.2' },
  { level: 5, name: 'VIP 5', minDeposit: '1000000', minVolume: '50000000', feeDiscount: '0.3' },
];

/** Rates and penalties are percent; ratios are shares (0..1). The description says which. */
const PARAMETERS: { key: string; value: string; kind: string; description: string }[] = [
  { key: 'down_url', value: '/download/android', kind: 'url', description: 'App download address' },
  { key: 'support_url', value: '/profile/kefu', kind: 'url', description: 'Online support address' },
  { key: 'withdraw_fee_rate', value: '1', kind: 'decimal', description: 'Withdrawal fee, percent of amount' },
  { key: 'withdraw_min_USDT', value: '20', kind: 'decimal', description: 'Minimum withdrawal, USDT' },
  { key: 'withdraw_min_BTC', value: '0.001', kind: 'decimal', description: 'Minimum withdrawal, BTC' },
  { key: 'withdraw_min_ETH', value: '0.01', kind: 'decimal', description: 'Minimum withdrawal, ETH' },
  { key: 'deposit_min_USDT', value: '120', kind: 'decimal', description: 'Minimum deposit, USDT' },
  { key: 'deposit_min_BTC', value: '0.015', kind: 'decimal', description: 'Minimum deposit, BTC' },
  { key: 'deposit_min_ETH', value: '0.2', kind: 'decimal', description: 'Minimum deposit, ETH' },
  {
    key: 'loan_interest_free_days',
    value: '7',
    kind: 'integer',
    description: 'Days after a loan before interest accrues (0: due one day after the loan)',
  },
  { key: 'loan_daily_rate', value: '0.05', kind: 'decimal', description: 'Loan interest, percent per day' },
  { key: 'loan_cap_ratio', value: '0.8', kind: 'ratio', description: 'Loan cap, share of real balance' },
  { key: 'loan_cap_ratio_kyc', value: '0.9', kind: 'ratio', description: 'Loan cap after KYC, share' },
  {
    key: 'loan_cap_ratio_advanced',
    value: '0.95',
    kind: 'ratio',
    description: 'Loan cap after advanced certification, share',
  },
  {
    key: 'smart_early_exit_penalty',
    value: '5',
    kind: 'decimal',
    description: 'Smart plan early exit, percent of principal kept as penalty',
  },
  { key: 'upload_max_mb', value: '2', kind: 'integer', description: 'Largest accepted image upload, MB' },
  { key: 'fee_rate_u_order', value: '0.2', kind: 'decimal', description: 'U order fee, percent of notional' },
  {
    key: 'market_maker_spread',
    value: '0.1',
    kind: 'decimal',
    description: 'Internal: spot market-maker quote spread around the feed price, percent',
  },
];

export class CreateContent1764200001000 implements MigrationInterface {
  name = 'CreateContent1764200001000';

  async up(q: QueryRunner): Promise<void> {
    const langs = LANGUAGES.map((l) => `'${l}'`).join(', ');
    await q.query(`CREATE SCHEMA IF NOT EXISTS content`);
    await q.query(`
      CREATE TABLE content.items (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        slug text CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
        section text NOT NULL DEFAULT 'footer' CHECK (section IN ('footer', 'help')),
        type smallint NOT NULL CHECK (type IN (1, 2, 3)),
        language text NOT NULL CHECK (language IN (${langs})),
        title text NOT NULL,
        body text NOT NULL,
        sort_order integer NOT NULL DEFAULT 0,
        published boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX items_slug_language_unique ON content.items (slug, language) WHERE slug IS NOT NULL`,
    );
    await q.query(`CREATE INDEX items_language_idx ON content.items (language, type, sort_order)`);

    await q.query(`
      CREATE TABLE content.parameters (
        key text PRIMARY KEY CHECK (key ~ '^[A-Za-z0-9_]{1,64}$'),
        value text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('decimal', 'ratio', 'integer', 'url', 'text')),
        description text NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE content.announcements (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        language text NOT NULL CHECK (language IN (${langs})),
        title text NOT NULL,
        content text NOT NULL,
        published_at timestamptz NOT NULL DEFAULT now(),
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX announcements_language_idx ON content.announcements (language, published_at DESC) WHERE active`,
    );

    await q.query(`
      CREATE TABLE content.levels (
        level integer PRIMARY KEY CHECK (level BETWEEN 0 AND 99),
        name text NOT NULL,
        min_deposit numeric(38,18) NOT NULL CHECK (min_deposit >= 0),
        min_volume numeric(38,18) NOT NULL CHECK (min_volume >= 0),
        fee_discount numeric(38,18) NOT NULL CHECK (fee_discount >= 0 AND fee_discount <= 1),
        benefits jsonb NOT NULL CHECK (benefits ? 'en'),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    for (const p of PARAMETERS) {
      await q.query(
        `INSERT INTO content.parameters (key, value, kind, description) VALUES ($1, $2, $3, $4)`,
        [p.key, p.value, p.kind, p.description],
      );
    }

    for (const lang of LANGUAGES) {
      const seed = SEED_BY_LANGUAGE[lang];
      for (const item of CONTENT_SLUGS) {
        const text = seed.contents[item.slug];
        // A missing translation is a bug in the seed files; fail loudly rather than ship a hole.
        if (!text) throw new Error(`content seed: ${lang} lacks ${item.slug}`);
        await q.query(
          `INSERT INTO content.items (slug, section, type, language, title, body, sort_order)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [item.slug, item.section, item.type, lang, text.title, text.body, item.sort],
        );
      }
      for (const a of ANNOUNCEMENTS) {
        const text = seed.announcements[a.key];
        if (!text) throw new Error(`content seed: ${lang} lacks announcement ${a.key}`);
        await q.query(
          `INSERT INTO content.announcements (language, title, content, published_at) VALUES ($1, $2, $3, $4)`,
          [lang, text.title, text.content, a.publishedAt],
        );
      }
    }

    for (const l of LEVELS) {
      const benefits = Object.fromEntries(
        LANGUAGES.map((lang) => [lang, SEED_BY_LANGUAGE[lang].levels[l.level]]),
      );
      if (Object.values(benefits).some((b) => !b))
        throw new Error(`content seed: level ${l.level} text missing`);
      await q.query(
        `INSERT INTO content.levels (level, name, min_deposit, min_volume, fee_discount, benefits)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [l.level, l.name, l.minDeposit, l.minVolume, l.feeDiscount, JSON.stringify(benefits)],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA content CASCADE`);
  }
}
