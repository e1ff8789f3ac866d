import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Charities, their collectibles, bids and sales; seeded with a few real-sounding causes. */
export class CreateNfts1764090001000 implements MigrationInterface {
  name = 'CreateNfts1764090001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS nfts`);
    await q.query(`
      CREATE TABLE nfts.charities (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name text NOT NULL UNIQUE,
        description text NOT NULL DEFAULT '',
        website text,
        -- Everything paid for this charity's collectibles, in USDT (rises with each sale).
        donated numeric(38, 18) NOT NULL DEFAULT 0 CHECK (donated >= 0),
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE nfts.nfts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        image_url text NOT NULL,
        contract_address text NOT NULL,
        token_id text NOT NULL,
        creator text NOT NULL,
        chain text NOT NULL,
        charity_id integer NOT NULL REFERENCES nfts.charities (id),
        currency text NOT NULL DEFAULT 'USDT',
        -- Buy-now price; null when the collectible is only auctioned.
        price numeric(38, 18) CHECK (price > 0),
        -- The lowest first bid.
        start_bid numeric(38, 18) NOT NULL CHECK (start_bid > 0),
        current_bid numeric(38, 18),
        current_bid_id bigint,
        bid_count integer NOT NULL DEFAULT 0,
        end_at timestamptz NOT NULL,
        -- listed: open for purchase and bids; sold: bought or won; ended: closed without a bid;
        -- withdrawn: taken off the catalogue by an operator.
        status text NOT NULL DEFAULT 'listed' CHECK (status IN ('listed', 'sold', 'ended', 'withdrawn')),
        owner_id uuid,
        sold_price numeric(38, 18),
        sold_at timestamptz,
        -- What this collectible raised for its charity.
        donated numeric(38, 18) NOT NULL DEFAULT 0 CHECK (donated >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (chain, contract_address, token_id),
        CHECK ((status = 'sold') = (owner_id IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX nfts_catalogue ON nfts.nfts (status, end_at)`);
    await q.query(`CREATE INDEX nfts_owner ON nfts.nfts (owner_id) WHERE owner_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE nfts.bids (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        nft_id bigint NOT NULL REFERENCES nfts.nfts (id),
        user_id uuid NOT NULL,
        amount numeric(38, 18) NOT NULL CHECK (amount > 0),
        -- active: the highest bid, its amount frozen; outbid/released: its hold went back;
        -- won: paid to the charity.
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'outbid', 'released', 'won')),
        created_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz
      )`);
    // At most one live (frozen) bid per collectible: the highest.
    await q.query(`CREATE UNIQUE INDEX bids_one_active ON nfts.bids (nft_id) WHERE status = 'active'`);
    await q.query(`CREATE INDEX bids_user ON nfts.bids (user_id, id DESC)`);
    await q.query(`
      CREATE TABLE nfts.sales (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        -- A collectible is sold once.
        nft_id bigint NOT NULL UNIQUE REFERENCES nfts.nfts (id),
        user_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('buy', 'auction')),
        amount numeric(38, 18) NOT NULL CHECK (amount > 0),
        currency text NOT NULL,
        charity_id integer NOT NULL REFERENCES nfts.charities (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    const charities: [string, string, string][] = [
      [
        'Clean Water Collective',
        'Drills and maintains wells and rain-water tanks for rural schools in East Africa.',
        'https://example.org/clean-water-collective',
      ],
      [
        'Ocean Guardians Trust',
        'Removes ghost nets from coral reefs and funds marine-protected-area rangers.',
        'https://example.org/ocean-guardians',
      ],
      [
        'Bright Minds Literacy Fund',
        'Buys books and trains reading mentors for children in under-served neighbourhoods.',
        'https://example.org/bright-minds',
      ],
      [
        'Forest Restoration Alliance',
        'Plants native trees on degraded land with local farming co-operatives.',
        'https://example.org/forest-restoration',
      ],
    ];
    for (const [name, description, website] of charities) {
      await q.query(`INSERT INTO nfts.charities (name, description, website) VALUES ($1, $2, $3)`, [
        name,
        description,
        website,
      ]);
    }
    // [name, image, creator, chain, contract, token, charity, price, start bid, days open]
    const items: [string, string, string, string, string, string, string, string | null, string, number][] = [
      [
        'Blue Spring #1',
        'blue-spring',
        'Amani Studio',
        'Ethereum',
        '0x5f1e2a9c3b7d4e6f8a0b1c2d3e4f5a6b7c8d9e0f',
        '1',
        'Clean Water Collective',
        '500',
        '100',
        14,
      ],
      [
        'Coral Dawn',
        'coral-dawn',
        'Reef Lab',
        'Polygon',
        '0x8c3d1f0e2b4a6c8e0f1a3b5c7d9e1f2a4b6c8d0e',
        '7',
        'Ocean Guardians Trust',
        '1200',
        '250',
        21,
      ],
      [
        'Paper Lanterns',
        'paper-lanterns',
        'Mira Okafor',
        'Ethereum',
        '0x5f1e2a9c3b7d4e6f8a0b1c2d3e4f5a6b7c8d9e0f',
        '2',
        'Bright Minds Literacy Fund',
        null,
        '80',
        10,
      ],
      [
        'Canopy Light',
        'canopy-light',
        'Verde Collective',
        'BNB Chain',
        '0x2a4c6e8f0b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a',
        '42',
        'Forest Restoration Alliance',
        '800',
        '150',
        30,
      ],
      [
        'Tide Line',
        'tide-line',
        'Reef Lab',
        'Polygon',
        '0x8c3d1f0e2b4a6c8e0f1a3b5c7d9e1f2a4b6c8d0e',
        '8',
        'Ocean Guardians Trust',
        '650',
        '120',
        7,
      ],
    ];
    for (const [name, image, creator, chain, contract, token, charity, price, startBid, days] of items) {
      await q.query(
        `INSERT INTO nfts.nfts (name, description, image_url, contract_address, token_id, creator, chain,
                                charity_id, price, start_bid, end_at)
         SELECT $1, $2, $3, $4, $5, $6, $7, c.id, $8, $9, now() + make_interval(days => $10)
           FROM nfts.charities c WHERE c.name = $11`,
        [
          name,
          `Every USDT paid for ${name} goes to ${charity}.`,
          `/swx/customer/index/nftImage/${image}.svg`,
          contract,
          token,
          creator,
          chain,
          price,
          startBid,
          days,
          charity,
        ],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA nfts CASCADE`);
  }
}
