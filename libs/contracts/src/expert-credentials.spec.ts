import { CREDENTIAL_PROBLEMS, credentialProblem, EXPERT_CREDENTIAL_LIMITS, expertByline } from './expert-credentials';
import { FORM_NOTICES, noticeForMessages } from './public-pages';

describe("experts' professional details (issue 44 item 7)", () => {
  it('requires each trimmed, within its limit, on one line', () => {
    expect(credentialProblem('specialty', undefined)).toBe('Specialty is required');
    expect(credentialProblem('licence_number', '   ')).toBe('Licence or registration number is required');
    expect(credentialProblem('institution', 42)).toBe('Institution is required');
    expect(credentialProblem('specialty', ` ${'a'.repeat(EXPERT_CREDENTIAL_LIMITS.specialty)} `)).toBeNull();
    expect(credentialProblem('specialty', 'a'.repeat(101))).toBe('Specialty must be at most 100 characters long.');
    expect(credentialProblem('licence_number', 'a'.repeat(61))).toBe('Licence or registration number must be at most 60 characters long.');
    expect(credentialProblem('institution', 'a'.repeat(201))).toBe('Institution must be at most 200 characters long.');
    for (const bad of ['Royal\nHospital', 'A\tB', 'A\u0000B', 'A\u2028B', 'A\u0085B']) expect(credentialProblem('institution', bad)).toBe(CREDENTIAL_PROBLEMS.controlCharacters);
    expect(credentialProblem('institution', 'Hôpital Saint-Louis (AP-HP)')).toBeNull();
  });

  it("builds the byline from the parts present, 'Dr' only before a physician's listed specialty and never twice", () => {
    expect(expertByline('Ann Lee', { specialty: 'medical oncologist', institution: 'Royal Hospital' })).toBe('Dr Ann Lee — medical oncologist, Royal Hospital');
    expect(expertByline('Ann Lee', { specialty: 'Radiation Oncologist', institution: null })).toBe('Dr Ann Lee — Radiation Oncologist');
    expect(expertByline('Ann Lee', { specialty: 'oncology nurse', institution: 'Clinic' })).toBe('Ann Lee — oncology nurse, Clinic');
    expect(expertByline('Ann Lee', { specialty: 'tumour biologist', institution: null })).toBe('Ann Lee — tumour biologist');
    expect(expertByline('Ann Lee', { specialty: null, institution: 'Clinic' })).toBe('Ann Lee — Clinic');
    expect(expertByline('Ann Lee', {})).toBe('Ann Lee');
    expect(expertByline('Dr. Ann Lee', { specialty: 'medical oncologist' })).toBe('Dr. Ann Lee — medical oncologist');
  });

  it('gives the no-script registration form a notice for each refusal', () => {
    expect(noticeForMessages('register', [CREDENTIAL_PROBLEMS.required.specialty])).toBe('specialty-required');
    expect(noticeForMessages('register', [CREDENTIAL_PROBLEMS.tooLong.institution])).toBe('institution-too-long');
    expect(noticeForMessages('register', [CREDENTIAL_PROBLEMS.controlCharacters])).toBe('credentials-characters');
    expect(FORM_NOTICES['licence-required']).toBe(CREDENTIAL_PROBLEMS.required.licence_number);
  });
});
