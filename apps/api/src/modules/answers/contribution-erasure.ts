import type { EntityManager } from 'typeorm';

/**
 * What an erased account leaves in the answers (issue 44): its ratings keep their number, not their words or, for a
 * patient, who gave them (the patient record goes); an expert's answers keep their text, shown under the account's name,
 * which is now "Anonymous" (the label typed at the time is dropped).
 */
export async function anonymiseContributions(tx: EntityManager, userId: string, patientId: string | null): Promise<void> {
  if (patientId) await tx.query('UPDATE ratings_feedback SET patient_id = NULL, feedback = NULL WHERE patient_id = ?', [patientId]);
  await tx.query('UPDATE ratings_feedback SET feedback = NULL WHERE expert_id = ?', [userId]);
  await tx.query('UPDATE cancer_answers SET expert_name = NULL WHERE expert_id = ?', [userId]);
}
