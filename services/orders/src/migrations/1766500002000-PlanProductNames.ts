import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plan products' names in the user's language: `names` holds the translations by language code
 * (`name` stays the English one and the fallback). The seeded products get theirs.
 */
const SEEDED: Record<string, Record<string, string>> = {
  'Starter AI plan': {
    zh: '入门 AI 计划',
    hk: '入門 AI 計劃',
    ja: 'スターター AI プラン',
    ko: '스타터 AI 플랜',
    de: 'KI-Plan Starter',
    fr: 'Plan IA Découverte',
    it: 'Piano IA Starter',
    es: 'Plan IA Inicial',
    ar: 'خطة الذكاء الاصطناعي المبتدئة',
    th: 'แผน AI เริ่มต้น',
  },
  'Balanced AI plan': {
    zh: '均衡 AI 计划',
    hk: '均衡 AI 計劃',
    ja: 'バランス AI プラン',
    ko: '밸런스 AI 플랜',
    de: 'KI-Plan Ausgewogen',
    fr: 'Plan IA Équilibré',
    it: 'Piano IA Bilanciato',
    es: 'Plan IA Equilibrado',
    ar: 'خطة الذكاء الاصطناعي المتوازنة',
    th: 'แผน AI สมดุล',
  },
  'Premium AI plan': {
    zh: '高级 AI 计划',
    hk: '高級 AI 計劃',
    ja: 'プレミアム AI プラン',
    ko: '프리미엄 AI 플랜',
    de: 'KI-Plan Premium',
    fr: 'Plan IA Premium',
    it: 'Piano IA Premium',
    es: 'Plan IA Premium',
    ar: 'خطة الذكاء الاصطناعي المميزة',
    th: 'แผน AI พรีเมียม',
  },
  'USDT lock-up staking': {
    zh: 'USDT 锁仓质押',
    hk: 'USDT 鎖倉質押',
    ja: 'USDT ロックアップ・ステーキング',
    ko: 'USDT 락업 스테이킹',
    de: 'USDT-Staking mit Sperrfrist',
    fr: 'Staking USDT bloqué',
    it: 'Staking USDT vincolato',
    es: 'Staking de USDT bloqueado',
    ar: 'تخزين USDT المقفل',
    th: 'การ Staking USDT แบบล็อก',
  },
  'ETH staking pool': {
    zh: 'ETH 质押池',
    hk: 'ETH 質押池',
    ja: 'ETH ステーキングプール',
    ko: 'ETH 스테이킹 풀',
    de: 'ETH-Staking-Pool',
    fr: 'Pool de staking ETH',
    it: 'Pool di staking ETH',
    es: 'Pool de staking de ETH',
    ar: 'مجمع تخزين ETH',
    th: 'พูล Staking ETH',
  },
  'BTC mining pool': {
    zh: 'BTC 矿池',
    hk: 'BTC 礦池',
    ja: 'BTC マイニングプール',
    ko: 'BTC 채굴 풀',
    de: 'BTC-Mining-Pool',
    fr: 'Pool de minage BTC',
    it: 'Pool di mining BTC',
    es: 'Pool de minería de BTC',
    ar: 'مجمع تعدين BTC',
    th: 'พูลขุด BTC',
  },
};

export class PlanProductNames1766500002000 implements MigrationInterface {
  name = 'PlanProductNames1766500002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders.plan_products
        ADD COLUMN names jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(names) = 'object')`);
    for (const [name, names] of Object.entries(SEEDED)) {
      await q.query(`UPDATE orders.plan_products SET names = $2::jsonb WHERE name = $1`, [
        name,
        JSON.stringify(names),
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.plan_products DROP COLUMN names`);
  }
}
