import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  cleanProfile, COMPLETION_BEFORE_SUBMIT_MAX, completionPercentage, Messages, missingRequiredFields, normalizeLegacyProfile,
  PatientProfileData, PatientProfileResponse, PROFILE_COMPLETE, profileField, ProfileTexts, validateProfile,
} from '@cqa/contracts';
import { randomUUID } from 'node:crypto';
import { Repository } from 'typeorm';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { RequestTransactions } from '../../common/database/request-transaction';
import type { CreatePatientProfileDto, SavePatientProfileDto } from './dto/patient.dto';
import { PatientEntity } from './entities/patient.entity';
import { PatientAccess } from './patient-access.service';
import { isDuplicateEntry } from '../../common/database/duplicate-entry';

/** What a profile shows of its user's account; the users table belongs to auth, so it is read by name here. */
interface AccountOfPatient { id: string; email: string; role: string; firstName: string; lastName: string }

/** The profile wizard's reads and writes; who may reach a record and the audit row are PatientAccess's. */
@Injectable()
export class ProfilesService {
  constructor(
    @InjectRepository(PatientEntity) private readonly patients: Repository<PatientEntity>,
    private readonly access: PatientAccess,
    private readonly transactions: RequestTransactions,
  ) {}

  async getById(caller: AuthenticatedUser, id: string, ip: string | null): Promise<PatientProfileResponse> {
    const patient = await this.access.recordById(id);
    if (!patient) throw new NotFoundException(Messages.errors.patientNotFound);
    return this.read(caller, patient, ip);
  }

  async getByUserId(caller: AuthenticatedUser, userId: string, ip: string | null): Promise<PatientProfileResponse> {
    if (caller.role === 'patient' && caller.id !== userId) throw new ForbiddenException(Messages.platform.accessDenied);
    const patient = await this.access.recordOfUser(userId);
    if (!patient) throw new NotFoundException(Messages.errors.patientNotFound);
    return this.read(caller, patient, ip);
  }

  async create(caller: AuthenticatedUser, dto: CreatePatientProfileDto, ip: string | null): Promise<PatientProfileResponse> {
    if (caller.role !== 'admin' && caller.id !== dto.user_id) throw new ForbiddenException(Messages.platform.accessDenied);
    const user = await this.account(dto.user_id);
    if (!user) throw new NotFoundException(Messages.errors.userNotFound);
    if (user.role !== 'patient') throw new BadRequestException(ProfileTexts.notAPatient);
    if (await this.patients.existsBy({ userId: user.id })) throw new ConflictException(ProfileTexts.patientExists);
    const profile = this.validatedProfile({}, dto);
    const patient = this.patients.create({
      id: randomUUID(), userId: user.id, firstName: dto.first_name ?? user.firstName, lastName: dto.last_name ?? user.lastName,
      hipaaConsent: false,
    });
    this.applyProfile(patient, profile, this.completion(profile, dto.profile_completion_percentage, 0));
    await this.access.recordAccess({ actor: caller, patientId: patient.id, ownerUserId: patient.userId, action: 'profile.create', ip });
    try {
      await this.patients.save(patient);
    } catch (error) {
      if (isDuplicateEntry(error)) throw new ConflictException(ProfileTexts.patientExists);
      throw error;
    }
    return this.toResponse(await this.patients.findOneByOrFail({ id: patient.id }), user);
  }

  async update(caller: AuthenticatedUser, id: string, dto: SavePatientProfileDto, ip: string | null): Promise<PatientProfileResponse> {
    const patient = await this.access.recordById(id);
    if (!patient) throw new NotFoundException(Messages.errors.patientNotFound);
    if (!this.access.mayWrite(caller, patient)) throw new ForbiddenException(Messages.platform.accessDenied);
    const profile = this.validatedProfile(this.storedProfile(patient), dto);
    const completion = this.completion(profile, dto.profile_completion_percentage, patient.profileCompletionPercentage);
    await this.access.recordAccess({ actor: caller, patientId: patient.id, ownerUserId: patient.userId, action: 'profile.update', ip });
    this.applyProfile(patient, profile, completion);
    if (dto.first_name) patient.firstName = dto.first_name;
    if (dto.last_name) patient.lastName = dto.last_name;
    // Only the row's update is in the transaction (the audit row is written before): it holds the patient's row for one
    // statement, and a row another transaction holds makes it answer 503 after DB_LOCK_WAIT_TIMEOUT_S, never hang.
    await this.transactions.run('profile.update', (manager) => manager.getRepository(PatientEntity).save(patient));
    return this.toResponse(await this.patients.findOneByOrFail({ id }), await this.requireAccount(patient.userId));
  }

  private async read(caller: AuthenticatedUser, patient: PatientEntity, ip: string | null): Promise<PatientProfileResponse> {
    if (!this.access.mayRead(caller, patient)) throw new ForbiddenException(Messages.platform.accessDenied);
    await this.access.recordAccess({ actor: caller, patientId: patient.id, ownerUserId: patient.userId, action: 'profile.read', ip });
    return this.toResponse(patient, await this.requireAccount(patient.userId));
  }

  private async account(userId: string): Promise<AccountOfPatient | null> {
    const row = await this.patients.manager.createQueryBuilder()
      .select(['u.id AS id', 'u.email AS email', 'u.role AS role', 'u.first_name AS firstName', 'u.last_name AS lastName'])
      .from('users', 'u')
      .where('u.id = :userId', { userId })
      .getRawOne<AccountOfPatient>();
    return row ?? null;
  }

  private async requireAccount(userId: string): Promise<AccountOfPatient> {
    const account = await this.account(userId);
    if (!account) throw new Error(`Patient record without its user ${userId}`);
    return account;
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

  private toResponse(patient: PatientEntity, user: AccountOfPatient): PatientProfileResponse {
    return {
      id: patient.id, patient_id: patient.id, user_id: patient.userId, first_name: patient.firstName, last_name: patient.lastName,
      email: user.email, updated_at: patient.updatedAt.toISOString(), profile_completion_percentage: patient.profileCompletionPercentage,
      profile: cleanProfile(this.storedProfile(patient)),
    };
  }
}
