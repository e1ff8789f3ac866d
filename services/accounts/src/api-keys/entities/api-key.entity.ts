import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { ApiKeyScope } from '@app/common';

/** An integrator's API key: its secret is kept encrypted (secret-box.ts), shown once at creation. */
@Entity({ schema: 'accounts', name: 'api_keys' })
export class ApiKey {
  /** The public key id, `ak_` + 32 hex digits, sent in X-SWX-APIKEY. */
  @PrimaryColumn('text')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  label: string;

  @Column('text', { array: true })
  scopes: ApiKeyScope[];

  /** IP addresses and CIDR networks the key may be used from; empty = anywhere. */
  @Column('text', { name: 'ip_allowlist', array: true })
  ipAllowlist: string[];

  /** The HMAC secret, AES-256-GCM encrypted; never selected unless asked for. */
  @Column('text', { name: 'secret_box', select: false })
  secretBox: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;
}
