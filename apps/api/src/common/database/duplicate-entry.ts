/** A unique key refused the row (MySQL/MariaDB error ER_DUP_ENTRY), as mysql2 reports it through a raw query or TypeORM. */
export const isDuplicateEntry = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === 'ER_DUP_ENTRY' || (error as { driverError?: { code?: string } } | null)?.driverError?.code === 'ER_DUP_ENTRY';
