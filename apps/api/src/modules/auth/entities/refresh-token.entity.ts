import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One refresh token of a rotation family (one family per sign-in); only the sha256 of the token is kept. */
@Entity('refresh_tokens')
export class RefreshTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'char', length: 36 })
  userId: string;

  @Column({ name: 'family_id', type: 'char', length: 36 })
  familyId: string;

  /** The family's sign-in: the session's absolute lifetime counts from here, whatever the rotations. */
  @Column({ name: 'session_started_at', type: 'datetime', precision: 3 })
  sessionStartedAt: Date;

  @Column({ name: 'token_hash', type: 'char', length: 64, unique: true })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'datetime', precision: 3 })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'datetime', precision: 3, nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'replaced_by', type: 'char', length: 36, nullable: true })
  replacedBy: string | null;

  /** When it was rotated: the same client may present it again within the grace window (a race between its tabs). */
  @Column({ name: 'rotated_at', type: 'datetime', precision: 3, nullable: true })
  rotatedAt: Date | null;

  /** The successor this token was rotated to, sealed with the token itself (refresh-successor.ts); cleared after the grace window. */
  @Column({ name: 'successor_sealed', type: 'varbinary', length: 128, nullable: true })
  successorSealed: Buffer | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent: string | null;
}
