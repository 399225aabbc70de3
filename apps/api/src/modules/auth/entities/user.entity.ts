import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { ApprovalStatus, APPROVAL_STATUSES, Role, ROLES } from '@cqa/contracts';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, select: false })
  passwordHash: string;

  @Column({ type: 'enum', enum: ROLES })
  role: Role;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName: string;

  /** Experts' professional details (issue 44 item 7); null for others, and for experts who registered before they were asked. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  specialty: string | null;

  @Column({ name: 'licence_number', type: 'varchar', length: 60, nullable: true })
  licenceNumber: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  institution: string | null;

  @Column({ name: 'email_confirmed_at', type: 'datetime', precision: 3, nullable: true })
  emailConfirmedAt: Date | null;

  @Column({ name: 'approval_status', type: 'enum', enum: APPROVAL_STATUSES, default: ApprovalStatus.Pending })
  approvalStatus: ApprovalStatus;

  @Column({ name: 'is_blocked', type: 'boolean', default: false })
  isBlocked: boolean;

  @Column({ name: 'terms_consent', type: 'boolean', default: false })
  termsConsent: boolean;

  @Column({ name: 'terms_consent_date', type: 'datetime', precision: 3, nullable: true })
  termsConsentDate: Date | null;

  @Column({ name: 'last_sign_in_at', type: 'datetime', precision: 3, nullable: true })
  lastSignInAt: Date | null;

  /** Set once the account's personal data was erased (issue 44): the row stays, as "Anonymous", for its contributions. */
  @Column({ name: 'erased_at', type: 'datetime', precision: 3, nullable: true })
  erasedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;
}
