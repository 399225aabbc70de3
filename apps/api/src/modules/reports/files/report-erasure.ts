import type { EntityManager } from 'typeorm';

/**
 * A patient's report rows, deleted in the erasure's transaction (issue 44); returns their storage keys for
 * ReportFiles.removeFiles after the commit (a rolled-back erasure keeps every file).
 */
export async function deletePatientReports(tx: EntityManager, patientId: string): Promise<string[]> {
  const rows = (await tx.query('SELECT storage_key FROM medical_reports WHERE patient_id = ? FOR UPDATE', [patientId])) as { storage_key: string }[];
  await tx.query('DELETE FROM medical_reports WHERE patient_id = ?', [patientId]);
  return rows.map((r) => r.storage_key);
}
