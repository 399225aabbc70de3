import type { EntityManager } from 'typeorm';

/** The patient record of an account, locked for its erasure (issue 44); null for experts. */
export async function patientOfUserForErasure(tx: EntityManager, userId: string): Promise<string | null> {
  const [row] = (await tx.query('SELECT id FROM patients WHERE user_id = ? FOR UPDATE', [userId])) as { id: string }[];
  return row?.id ?? null;
}

/**
 * The patient record and profile go (their questions keep their text, patient_id set to NULL by its key). The access
 * trail keeps who read what when, without the addresses and details, so it shows an erased record was read, not by
 * whom it was held.
 */
export async function erasePatientRecord(tx: EntityManager, userId: string, patientId: string | null): Promise<void> {
  await tx.query('UPDATE profile_access_logs SET ip_address = NULL, detail = NULL WHERE actor_user_id = ? OR patient_id = ?', [userId, patientId ?? '']);
  if (patientId) await tx.query('DELETE FROM patients WHERE id = ?', [patientId]);
}
