import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  cleanProfile, COMPLETION_BEFORE_SUBMIT_MAX, completionPercentage, Messages, missingRequiredFields, normalizeLegacyProfile,
  PatientProfileData, PatientProfileResponse, PROFILE_COMPLETE, profileField, ProfileTexts, validateProfile,
} from '@cqa/contracts';
import { randomUUID } from 'node:crypto';
import { Repository } from 'typeorm';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { ProfileAuditService } from '../audit/profile-audit.service';
import { PatientEntity } from '../users/entities/patient.entity';
import { UserEntity } from '../users/entities/user.entity';
import type { CreatePatientProfileDto, SavePatientProfileDto } from './dto/patient.dto';

const isDuplicateEntry = (error: unknown) => (error as { code?: string })?.code === 'ER_DUP_ENTRY';

/**
 * Patient profiles. Patients reach only their own record; experts and admins read any; the owner and admins write.
 * Every read and write by someone other than the patient goes to the audit trail before the data is touched, so a
 * failed audit write fails the request instead of leaving the access unrecorded.
 */
@Injectable()
export class PatientsService {
  constructor(
    @InjectRepository(PatientEntity) private readonly patients: Repository<PatientEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly audit: ProfileAuditService,
  ) {}

  async getById(caller: AuthenticatedUser, id: string, ip: string | null): Promise<PatientProfileResponse> {
    const patient = await this.patients.findOneBy({ id });
    if (!patient) throw new NotFoundException(Messages.errors.patientNotFound);
    return this.read(caller, patient, ip);
  }

  async getByUserId(caller: AuthenticatedUser, userId: string, ip: string | null): Promise<PatientProfileResponse> {
    if (caller.role === 'patient' && caller.id !== userId) throw new ForbiddenException(Messages.platform.accessDenied);
    const patient = await this.patients.findOneBy({ userId });
    if (!patient) throw new NotFoundException(Messages.errors.patientNotFound);
    return this.read(caller, patient, ip);
  }

  async create(caller: AuthenticatedUser, dto: CreatePatientProfileDto, ip: string | null): Promise<PatientProfileResponse> {
    if (caller.role !== 'admin' && caller.id !== dto.user_id) throw new ForbiddenException(Messages.platform.accessDenied);
    const user = await this.users.findOneBy({ id: dto.user_id });
    if (!user) throw new NotFoundException(Messages.errors.userNotFound);
    if (user.role !== 'patient') throw new BadRequestException(ProfileTexts.notAPatient);
    if (await this.patients.existsBy({ userId: user.id })) throw new ConflictException(ProfileTexts.patientExists);
    const profile = this.validatedProfile({}, dto);
    const patient = this.patients.create({
      id: randomUUID(), userId: user.id, firstName: dto.first_name ?? user.firstName, lastName: dto.last_name ?? user.lastName,
      hipaaConsent: false,
    });
    this.applyProfile(patient, profile, this.completion(profile, dto.profile_completion_percentage, 0));
    if (!this.isOwner(caller, patient)) await this.audit.record({ actor: caller, patientId: patient.id, action: 'profile.create', ip });
    try {
      await this.patients.save(patient);
    } catch (error) {
      if (isDuplicateEntry(error)) throw new ConflictException(ProfileTexts.patientExists);
      throw error;
    }
    return this.toResponse(await this.patients.findOneByOrFail({ id: patient.id }), user);
  }

  async update(caller: AuthenticatedUser, id: string, dto: SavePatientProfileDto, ip: string | null): Promise<PatientProfileResponse> {
    const patient = await this.patients.findOneBy({ id });
    if (!patient) throw new NotFoundException(Messages.errors.patientNotFound);
    const owner = this.isOwner(caller, patient);
    if (!owner && caller.role !== 'admin') throw new ForbiddenException(Messages.platform.accessDenied);
    const profile = this.validatedProfile(this.storedProfile(patient), dto);
    const completion = this.completion(profile, dto.profile_completion_percentage, patient.profileCompletionPercentage);
    if (!owner) await this.audit.record({ actor: caller, patientId: patient.id, action: 'profile.update', ip });
    this.applyProfile(patient, profile, completion);
    if (dto.first_name) patient.firstName = dto.first_name;
    if (dto.last_name) patient.lastName = dto.last_name;
    await this.patients.save(patient);
    return this.toResponse(await this.patients.findOneByOrFail({ id }), await this.users.findOneByOrFail({ id: patient.userId }));
  }

  private async read(caller: AuthenticatedUser, patient: PatientEntity, ip: string | null): Promise<PatientProfileResponse> {
    const owner = this.isOwner(caller, patient);
    if (caller.role === 'patient' && !owner) throw new ForbiddenException(Messages.platform.accessDenied);
    if (!owner) await this.audit.record({ actor: caller, patientId: patient.id, action: 'profile.read', ip });
    return this.toResponse(patient, await this.users.findOneByOrFail({ id: patient.userId }));
  }

  private isOwner(caller: AuthenticatedUser, patient: PatientEntity): boolean {
    return caller.role === 'patient' && caller.id === patient.userId;
  }

  /** The stored profile in current names; a record made at registration has only its columns so far. */
  private storedProfile(patient: PatientEntity): Partial<PatientProfileData> {
    return {
      age: patient.age, sex: patient.sex, cancer_type: patient.cancerType, cancer_stage: patient.cancerStage,
      ...normalizeLegacyProfile(patient.profile ?? {}),
    };
  }

  /** Checks only the fields the request gives (an old stored value does not block other edits), then cleans the whole profile. */
  private validatedProfile(stored: Partial<PatientProfileData>, dto: SavePatientProfileDto): PatientProfileData {
    const problems = validateProfile(dto.profile);
    if (problems.length) {
      throw new BadRequestException(problems.map(({ field, message }) => {
        const def = profileField(field);
        return def ? `${def.label}: ${message}` : message;
      }));
    }
    return cleanProfile({ ...stored, ...dto.profile });
  }

  /**
   * 100 only on a final submit with every visible required field answered, and it stays 100 while they stay answered;
   * otherwise the share answered, kept below 100 so an unsubmitted profile never counts as complete.
   */
  private completion(profile: PatientProfileData, requested: number | undefined, current: number): number {
    const missing = missingRequiredFields(profile);
    if (requested === PROFILE_COMPLETE) {
      if (missing.length) throw new BadRequestException(ProfileTexts.missingFields(missing.map((f) => f.label)));
      return PROFILE_COMPLETE;
    }
    if (current === PROFILE_COMPLETE && !missing.length) return PROFILE_COMPLETE;
    return Math.min(completionPercentage(profile), COMPLETION_BEFORE_SUBMIT_MAX);
  }

  private applyProfile(patient: PatientEntity, profile: PatientProfileData, completion: number): void {
    patient.profile = profile as unknown as Record<string, unknown>;
    patient.age = profile.age;
    patient.sex = profile.sex;
    patient.cancerType = profile.cancer_type;
    patient.cancerStage = profile.cancer_stage;
    patient.profileCompletionPercentage = completion;
  }

  private toResponse(patient: PatientEntity, user: UserEntity): PatientProfileResponse {
    return {
      id: patient.id, patient_id: patient.id, user_id: patient.userId, first_name: patient.firstName, last_name: patient.lastName,
      email: user.email, updated_at: patient.updatedAt.toISOString(), profile_completion_percentage: patient.profileCompletionPercentage,
      profile: cleanProfile(this.storedProfile(patient)),
    };
  }
}
