import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Messages, type ProfileAuditAction, type Role } from '@cqa/contracts';
import { EntityManager, Repository } from 'typeorm';
import { PatientEntity } from './entities/patient.entity';
import { ProfileAccessLogEntity } from './entities/profile-access-log.entity';

export interface Actor { id: string; role: Role }

/** A patient record as far as the access rule needs it: whose it is. */
export type PatientRef = Pick<PatientEntity, 'id' | 'userId'>;

export interface ProfileAccess {
  actor: Actor;
  patientId: string;
  action: ProfileAuditAction;
  ip: string | null;
  /** A non-health detail such as a report id. Never a file name or a field value. */
  detail?: string;
  /** The record's user when the caller has it at hand; looked up otherwise. */
  ownerUserId?: string;
}

/**
 * The one place that answers, for a patient record: whose is it, may this caller reach it, and the audit row.
 * Patients reach only their own record; experts and admins read any; the owner and admins write. Every access by
 * anyone but the record's patient is written to the profile access audit trail before the data is touched, and a
 * failed write throws, so the request fails rather than reaching health data unrecorded.
 */
@Injectable()
export class PatientAccess {
  constructor(
    @InjectRepository(PatientEntity) private readonly patients: Repository<PatientEntity>,
    @InjectRepository(ProfileAccessLogEntity) private readonly logs: Repository<ProfileAccessLogEntity>,
  ) {}

  /** The patient record of a user, or null (experts, admins, and patients registered without one). */
  recordOfUser(userId: string): Promise<PatientEntity | null> {
    return this.patients.findOneBy({ userId });
  }

  recordById(id: string): Promise<PatientEntity | null> {
    return this.patients.findOneBy({ id });
  }

  /** The record matching every id given (a user id, a record id, or both), or null. */
  findRecord(ids: { userId?: string; id?: string }): Promise<PatientRef | null> {
    return this.patients.findOne({
      where: { ...(ids.userId ? { userId: ids.userId } : {}), ...(ids.id ? { id: ids.id } : {}) },
      select: { id: true, userId: true },
    });
  }

  /** A patient user's own record id, or null when they have none. */
  async ownRecordId(userId: string): Promise<string | null> {
    return (await this.findRecord({ userId }))?.id ?? null;
  }

  /** A patient user's own record id, which asking and rating need. */
  async requireOwnRecordId(userId: string): Promise<string> {
    const record = await this.findRecord({ userId });
    if (!record) throw new NotFoundException(Messages.validation.patientNotFoundForUser);
    return record.id;
  }

  /** Record id by user id for every patient record (the admin user list shows it). */
  async recordIdsByUser(): Promise<Map<string, string>> {
    const rows = await this.patients.find({ select: { id: true, userId: true } });
    return new Map(rows.map((row) => [row.userId, row.id]));
  }

  isOwner(actor: Actor, patient: Pick<PatientRef, 'userId'>): boolean {
    return actor.role === 'patient' && actor.id === patient.userId;
  }

  /** Patients read only their own record; experts and admins any. */
  mayRead(actor: Actor, patient: Pick<PatientRef, 'userId'>): boolean {
    return actor.role !== 'patient' || this.isOwner(actor, patient);
  }

  /** The record's patient and admins write; experts never. */
  mayWrite(actor: Actor, patient: Pick<PatientRef, 'userId'>): boolean {
    return actor.role === 'admin' || this.isOwner(actor, patient);
  }

  /** Writes the audit row of an access, unless the actor is the record's own patient. */
  async recordAccess(entry: ProfileAccess): Promise<void> {
    if (entry.actor.role === 'patient') {
      const ownerUserId = entry.ownerUserId ?? (await this.findRecord({ id: entry.patientId }))?.userId;
      if (ownerUserId === entry.actor.id) return;
    }
    await this.logs.insert({
      actorUserId: entry.actor.id,
      actorRole: entry.actor.role,
      patientId: entry.patientId,
      action: entry.action,
      detail: entry.detail?.slice(0, 200) ?? null,
      ipAddress: entry.ip?.slice(0, 45) ?? null,
    });
  }

  /** The record made at registration, in the registration's transaction. */
  async createAtRegistration(manager: EntityManager, row: Omit<PatientEntity, 'id' | 'profile' | 'profileCompletionPercentage' | 'createdAt' | 'updatedAt'>): Promise<void> {
    await manager.getRepository(PatientEntity).insert(row);
  }
}
