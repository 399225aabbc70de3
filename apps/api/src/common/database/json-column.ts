/** MariaDB hands JSON columns back as text, MySQL 8 as parsed values; unreadable text is null. */
export function jsonColumn<T>(value: unknown): T | null {
  if (value == null) return null;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}
