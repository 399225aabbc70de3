import { ApiProperty, ApiPropertyOptional, SchemaObject } from '@nestjs/swagger';
import {
  CreatePatientProfileRequest, Messages, PatientListQuery, PatientProfileData, PatientProfileResponse, PROFILE_FIELDS, ProfileFieldDef, ProfileTexts,
  RELATIVES, SavePatientProfileRequest, SYMPTOM_CATEGORIES, SYMPTOMS_BY_CATEGORY,
} from '@cqa/contracts';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const NAME_MAX_LENGTH = 100;

/** The OpenAPI description of one profile field, read from the contracts schema (nothing retyped here). */
function fieldSchema(field: ProfileFieldDef): SchemaObject {
  const base: SchemaObject = { nullable: true, description: field.unit ? `${field.label} (${field.unit})` : field.label };
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return { ...base, type: 'string', maxLength: field.maxLength };
    case 'select':
    case 'yes_no':
      return { ...base, type: 'string', enum: [...(field.options ?? [])] };
    case 'multiselect':
      return { ...base, type: 'array', items: { type: 'string', enum: [...(field.options ?? [])] } };
    case 'year':
      return { ...base, type: 'integer', description: `${field.label} (4-digit year)`, minimum: 1000, maximum: 9999 };
    case 'integer':
      return { ...base, type: 'integer', minimum: field.min ?? 0, maximum: field.max };
    case 'karnofsky':
      return { ...base, type: 'integer', minimum: field.min, maximum: field.max, multipleOf: field.increment };
    case 'symptoms':
      return {
        ...base, type: 'object', additionalProperties: false,
        properties: Object.fromEntries(SYMPTOM_CATEGORIES.map((c) => [c, { type: 'array', items: { type: 'string', enum: [...SYMPTOMS_BY_CATEGORY[c]] } }])),
      };
    case 'relative_details':
      return { ...base, type: 'object', additionalProperties: false, properties: Object.fromEntries(RELATIVES.map((r) => [r, { type: 'string' }])) };
    default:
      return { ...base, type: 'number', minimum: field.min ?? 0, maximum: field.max, readOnly: field.derived };
  }
}

// The swagger typings want their own metadata type for nested properties; the plain OpenAPI objects are what it emits.
const PROFILE_PROPERTIES = Object.fromEntries(PROFILE_FIELDS.map((f) => [f.name, fieldSchema(f)])) as never;

export class SavePatientProfileDto implements SavePatientProfileRequest {
  @ApiProperty({
    type: 'object', additionalProperties: false, properties: PROFILE_PROPERTIES,
    description: 'Profile fields to change: a given field replaces the stored one (null clears it); fields not given are kept. '
      + 'Unknown fields, values outside a list and numbers out of bounds are refused; the result is cleaned before it is saved.',
  })
  @IsObject({ message: ProfileTexts.notAProfile })
  profile: Partial<PatientProfileData>;

  @ApiPropertyOptional({
    minimum: 0, maximum: 100,
    description: 'Send 100 on the final submit (refused while a required field is missing). Other values are ignored: the server computes progress.',
  })
  @IsOptional() @IsInt() @Min(0) @Max(100)
  profile_completion_percentage?: number;

  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH }) @IsOptional() @Transform(trim)
  @IsString({ message: Messages.validation.firstNameRequired }) @IsNotEmpty({ message: Messages.validation.firstNameRequired })
  @MaxLength(NAME_MAX_LENGTH)
  first_name?: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH }) @IsOptional() @Transform(trim)
  @IsString({ message: Messages.validation.lastNameRequired }) @IsNotEmpty({ message: Messages.validation.lastNameRequired })
  @MaxLength(NAME_MAX_LENGTH)
  last_name?: string;
}

export class CreatePatientProfileDto extends SavePatientProfileDto implements CreatePatientProfileRequest {
  @ApiProperty({ description: 'The patient user the record belongs to.' })
  @IsUUID('all', { message: 'user_id must be a user id' })
  user_id: string;
}

export class PatientByUserQueryDto implements PatientListQuery {
  @ApiProperty({ description: "The patient's user id." })
  @IsUUID('all', { message: 'user_id must be a user id' })
  user_id: string;
}

export class PatientProfileResponseDto implements PatientProfileResponse {
  @ApiProperty({ description: 'The patient record id.' }) id: string;
  @ApiProperty({ description: 'The same id, under the name question pages use.' }) patient_id: string;
  @ApiProperty() user_id: string;
  @ApiProperty() first_name: string;
  @ApiProperty() last_name: string;
  @ApiProperty() email: string;
  @ApiProperty() updated_at: string;
  @ApiProperty({ minimum: 0, maximum: 100, description: '100 once the profile was submitted complete.' }) profile_completion_percentage: number;
  @ApiProperty({ type: 'object', additionalProperties: false, properties: PROFILE_PROPERTIES, description: 'Every field, cleaned; unanswered ones are null.' })
  profile: PatientProfileData;
}
