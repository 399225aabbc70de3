import { detectReportContentType, MAGIC_BYTES_NEEDED, MAX_REPORT_BYTES, Messages } from '@cqa/contracts';

/**
 * The same checks the server makes, before any byte is sent: at most 15 MB, and a PDF, PNG or JPEG by its first
 * bytes (not its name). Returns the spec's message, or null when the file may be uploaded.
 */
export async function checkReportFile(file: Blob): Promise<string | null> {
  if (file.size > MAX_REPORT_BYTES) return Messages.validation.fileTooLarge;
  const head = new Uint8Array(await readHead(file.slice(0, MAGIC_BYTES_NEEDED)));
  return detectReportContentType(head) ? null : Messages.validation.invalidFileType;
}

function readHead(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  // jsdom's Blob has no arrayBuffer(); FileReader works everywhere.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
