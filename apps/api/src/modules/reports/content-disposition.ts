/**
 * A Content-Disposition header carrying the person's file name safely: a plain-ASCII `filename` for old clients
 * (quotes, backslashes, percent signs and anything non-printable replaced) and the exact name as RFC 5987
 * `filename*=UTF-8''…`, which every current browser prefers.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_')
    .trim() || 'report';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
