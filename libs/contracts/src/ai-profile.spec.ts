import { ageBand, aiProfileContext } from './ai-profile';

describe('aiProfileContext', () => {
  it('keeps only an age band, the listed cancer type and stage, and treatment classes', () => {
    const context = aiProfileContext({
      age: 57,
      cancer_type: 'Breast Cancer',
      cancer_stage: 'Stage 2',
      major_treatments: ['Surgery', 'Chemotherapy', 'Chemotherapy', 'Other', 'None'],
    });
    expect(context).toEqual({
      lines: ['Age band: 50-59', 'Cancer type: Breast Cancer', 'Stage: Stage 2', 'Treatment types: Chemotherapy, Surgery'],
      fieldsUsed: ['age_band', 'cancer_type', 'cancer_stage', 'treatment_classes'],
    });
  });

  it('never reads names, dates, ids or free text, even when the profile holds them', () => {
    const profile = {
      age: 44,
      first_name: 'Ada',
      last_name: 'Lovelace',
      date_of_birth: '1980-02-03',
      patient_id: '5b0e7c1e-0000-4000-8000-000000000000',
      cancer_type: 'Other',
      cancer_type_other: 'Rare sarcoma at St Mary hospital',
      cancer_stage: 'Other',
      cancer_stage_other: 'diagnosed 2024-01-05',
      describe_treatment: 'Dr Smith gave me FOLFOX on 3 March',
      major_treatments: ['Immunotherapy', 'FOLFOX 3 March', 42],
    };
    const context = aiProfileContext(profile);
    const text = context.lines.join('\n');
    expect(context.fieldsUsed).toEqual(['age_band', 'treatment_classes']);
    for (const secret of ['Ada', 'Lovelace', '1980', '5b0e7c1e', 'sarcoma', '2024', 'Smith', 'FOLFOX', 'March', '44']) {
      expect(text).not.toContain(secret);
    }
  });

  it('returns nothing for an empty or missing profile', () => {
    expect(aiProfileContext(null)).toEqual({ lines: [], fieldsUsed: [] });
    expect(aiProfileContext({ cancer_type: 'No Cancer', major_treatments: 'Surgery' })).toEqual({ lines: [], fieldsUsed: [] });
  });

  it.each([
    [5, 'under 18'],
    [18, '18-29'],
    [29, '18-29'],
    [30, '30-39'],
    [89, '80-89'],
    [90, '90 or older'],
    [104, '90 or older'],
    ['61', '60-69'],
    [-1, null],
    [12.5, null],
    ['sixty', null],
    [null, null],
  ])('age %p is band %p', (age, band) => {
    expect(ageBand(age)).toBe(band);
  });
});
