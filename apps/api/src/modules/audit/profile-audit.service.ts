import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ProfileAccessLogEntry, ProfileAccessLogListResponse, ProfileAuditAction, Role } from '@cqa/contracts';
import { Repository } from 'typeorm';
import { PatientEntity } from '../users/entities/patient.entity';
import { ProfileAccessLogEntity } from './entities/profile-access-log.entity';

export interface ProfileAuditEntry {
  actor: { id: string; role: Role };
  patientId: string;
  action: ProfileAuditAction;
  ip: string | null;
  /** A non-health detail such as a report id. Never a file name or a field value. */
  detail?: string;
}

export interface ProfileAccessLogFilter {
  patientId?: string;
  userId?: string;
  page: number;
  perPage: number;
}

/**
 * Writes the profile access audit trail. The patient's own reads and writes are not recorded; everyone else's are.
 * A failed write throws, so the caller's request fails rather than reaching health data unrecorded.
 */
@Injectable()
export class ProfileAuditService {
  constructor(
    @InjectRepository(ProfileAccessLogEntity) private readonly logs: Repository<ProfileAccessLogEntity>,
    @InjectRepository(PatientEntity) private readonly patients: Repository<PatientEntity>,
  ) {}

  async record(entry: ProfileAuditEntry): Promise<void> {
    if (entry.actor.role === 'patient') {
      const patient = await this.patients.findOne({ where: { id: entry.patientId }, select: { id: true, userId: true } });
      if (patient?.userId === entry.actor.id) return;
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

  async list(filter: ProfileAccessLogFilter): Promise<ProfileAccessLogListResponse> {
    const query = this.logs
      .createQueryBuilder('log')
      .leftJoin('users', 'u', 'u.id = log.actor_user_id')
      .select([
        'log.id AS id', 'log.actor_user_id AS user_id', 'u.email AS user_email', 'log.actor_role AS user_role',
        'log.patient_id AS patient_id', 'log.action AS action', 'log.detail AS detail', 'log.ip_address AS ip_address',
        'log.created_at AS created_at',
      ])
      .orderBy('log.id', 'DESC')
      .offset((filter.page - 1) * filter.perPage)
      .limit(filter.perPage);
    if (filter.patientId) query.andWhere('log.patient_id = :patientId', { patientId: filter.patientId });
    if (filter.userId) query.andWhere('log.actor_user_id = :userId', { userId: filter.userId });
    const [rows, total] = await Promise.all([query.getRawMany<RawLogRow>(), query.clone().offset(undefined).limit(undefined).getCount()]);
    return { logs: rows.map(toEntry), total, page: filter.page, per_page: filter.perPage };
  }
}

interface RawLogRow extends Omit<ProfileAccessLogEntry, 'id' | 'created_at'> {
  id: string | number;
  created_at: Date;
}

function toEntry(row: RawLogRow): ProfileAccessLogEntry {
  return {
    id: Number(row.id), user_id: row.user_id, user_email: row.user_email, user_role: row.user_role, patient_id: row.patient_id,
    action: row.action, detail: row.detail, ip_address: row.ip_address, created_at: new Date(row.created_at).toISOString(),
  };
}
