import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One authenticator per account; a row without enabledAt is a setup waiting for its first code. */
@Entity('user_two_factor')
export class TwoFactorEntity {
  @PrimaryColumn({ name: 'user_id', type: 'char', length: 36 })
  userId: string;

  /** AES-256-GCM, bound to the user id (secret-box.ts). */
  @Column({ name: 'secret_sealed', type: 'varchar', length: 255, select: false })
  secretSealed: string;

  @Column({ name: 'enabled_at', type: 'datetime', precision: 3, nullable: true })
  enabledAt: Date | null;

  /** The last accepted time step: codes of this step or earlier are refused (no reuse within the window). */
  @Column({ name: 'last_used_step', type: 'int', unsigned: true, nullable: true })
  lastUsedStep: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;
}

@Entity('two_factor_recovery_codes')
export class RecoveryCodeEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'char', length: 36 })
  userId: string;

  /** argon2id, as passwords. */
  @Column({ name: 'code_hash', type: 'varchar', length: 255, select: false })
  codeHash: string;

  @Column({ name: 'used_at', type: 'datetime', precision: 3, nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;
}
