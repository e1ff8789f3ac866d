import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An OpenID Connect account (issuer + subject) linked to one user. */
@Entity({ schema: 'accounts', name: 'oidc_links' })
export class OidcLink {
  @PrimaryColumn('text')
  issuer: string;

  @PrimaryColumn('text')
  subject: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  /** The verified e-mail the provider gave at linking time. */
  @Column('text', { nullable: true })
  email: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
