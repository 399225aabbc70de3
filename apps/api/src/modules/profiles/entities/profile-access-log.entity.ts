import { PROFILE_AUDIT_ACTIONS, type ProfileAuditAction, ROLES, type Role } from '@cqa/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('profile_access_logs')
export class ProfileAccessLogEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true })
  id: string;

  @Column({ name: 'actor_user_id', type: 'char', length: 36, nullable: true })
  actorUserId: string | null;

  @Column({ name: 'actor_role', type: 'enum', enum: ROLES })
  actorRole: Role;

  @Column({ name: 'patient_id', type: 'char', length: 36 })
  patientId: string;

  @Column({ type: 'enum', enum: PROFILE_AUDIT_ACTIONS })
  action: ProfileAuditAction;

  @Column({ type: 'varchar', length: 200, nullable: true })
  detail: string | null;

  @Column({ name: 'ip_address', type: 'varchar', length: 45, nullable: true })
  ipAddress: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;
}
