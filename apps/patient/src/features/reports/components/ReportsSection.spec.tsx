import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MAX_REPORT_BYTES, type MedicalReport } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState, testUser } from '@cqa/web-core/testing';
import { ReportsSection } from './ReportsSection';

jest.setTimeout(60_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const USER_ID = '00000000-0000-4000-8000-000000000001';
const LIST_URL = `/api/medical-reports?user_id=${USER_ID}`;
const report = (over: Partial<MedicalReport> = {}): MedicalReport => ({
  id: 'r1', file_name: 'blood-test.pdf', report_type: 'Laboratory Reports', upload_date: '2026-03-04T10:00:00.000Z',
  file_size: 1536, content_type: 'application/pdf', sha256: 'a'.repeat(64), ...over,
});
const pdfFile = (name = 'scan.pdf') => new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a])], name, { type: 'application/pdf' });

/** Stands in for the browser's XMLHttpRequest: the test decides when progress, the answer or the time-out come. */
class FakeXhr {
  static requests: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  timeout = 0;
  withCredentials = false;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) { this.method = method; this.url = url; }
  setRequestHeader(name: string, value: string) { this.headers[name] = value; }
  send(body: FormData) { this.body = body; FakeXhr.requests.push(this); }
  abort() { this.onabort?.(); }
  progress(loaded: number, total: number) { act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total })); }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const visibleOptions = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));

function renderSection(props: { editable: boolean; emptyText?: string }) {
  const store = createAppStore({ auth: signedInState('patient') });
  render(
    <Provider store={store}>
      <ReportsSection patientUserId={USER_ID} {...props} />
    </Provider>,
  );
  return { store, toasts: () => store.getState().toasts.map((t) => `${t.kind}: ${t.message}`) };
}

describe('ReportsSection', () => {
  beforeEach(() => {
    FakeXhr.requests = [];
    (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  });

  it('lists reports read-only with type, date and size, without upload or delete', async () => {
    const api = installFetchMock();
    api.reply(LIST_URL, { status: 200, body: [report(), report({ id: 'r2', file_name: 'ct.png', report_type: 'Radiology Reports', file_size: 5.678 * 1024 * 1024 })] });
    renderSection({ editable: false });
    const row = (await screen.findByText('blood-test.pdf')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Laboratory Reports')).toBeInTheDocument();
    expect(within(row).getByText('1.5 KB')).toBeInTheDocument();
    expect(within(row).getByText(new Date('2026-03-04T10:00:00Z').toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }))).toBeInTheDocument();
    expect(screen.getByText('5.68 MB')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Open blood-test.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Report file')).not.toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ url: LIST_URL, auth: 'Bearer token' });
  });

  it.each([
    [{ editable: false }, 'No medical reports available'],
    [{ editable: true }, 'No medical reports uploaded yet.'],
    [{ editable: false, emptyText: 'None reported' }, 'None reported'],
  ])('shows the empty text for %j', async (props, text) => {
    const api = installFetchMock();
    api.reply(LIST_URL, { status: 200, body: [] });
    renderSection(props);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('says so when the reports cannot be fetched, and retries', async () => {
    const api = installFetchMock();
    api.reply(LIST_URL, { status: 500, body: {} }, { status: 200, body: [report()] });
    renderSection({ editable: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch medical reports');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('blood-test.pdf')).toBeInTheDocument();
  });

  it("offers the five types with 'Lab Results' shown by default", async () => {
    const api = installFetchMock();
    api.reply(LIST_URL, { status: 200, body: [] });
    renderSection({ editable: true });
    const select = await screen.findByRole('combobox', { name: 'Report type' });
    expect(select.closest('.ant-select')).toHaveTextContent('Lab Results');
    await userEvent.click(select);
    // antd lists the visible options as .ant-select-item-option, titled by their labels.
    await waitFor(() => expect(visibleOptions()).toEqual(['Lab Results', 'Radiology Reports', 'Pathology Reports', 'Oncology Reports', 'Other Medical Report']));
  });

  it('refuses a file that is too large or not a PDF, JPEG or PNG by its content, and an upload with no file', async () => {
    const api = installFetchMock();
    api.reply(LIST_URL, { status: 200, body: [] });
    renderSection({ editable: true });
    const input = await screen.findByLabelText('Report file');

    await userEvent.click(screen.getByRole('button', { name: /Upload/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No file selected or user not authenticated.');

    const big = pdfFile('huge.pdf');
    Object.defineProperty(big, 'size', { value: MAX_REPORT_BYTES + 1 });
    await userEvent.upload(input, big);
    expect(await screen.findByRole('alert')).toHaveTextContent('File is too large. Maximum allowed size is 15MB.');

    await userEvent.upload(input, new File(['#!/bin/sh\necho pwned'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid file type. Only PDF, JPG, JPEG, and PNG files are allowed.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect((input as HTMLInputElement).value).toBe('');
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('uploads with progress, then says Report uploaded! and refreshes the list', async () => {
    const api = installFetchMock();
    api.reply(LIST_URL, { status: 200, body: [] }, { status: 200, body: [report({ file_name: 'scan.pdf' })] });
    const { toasts } = renderSection({ editable: true });
    await userEvent.upload(await screen.findByLabelText('Report file'), pdfFile());
    await userEvent.click(screen.getByRole('combobox', { name: 'Report type' }));
    await waitFor(() => expect(visibleOptions()).toContain('Pathology Reports'));
    await userEvent.click(document.querySelector('.ant-select-item-option[title="Pathology Reports"]')!);
    await userEvent.click(screen.getByRole('button', { name: /Upload/ }));

    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const xhr = FakeXhr.requests[0]!;
    expect([xhr.method, xhr.url, xhr.timeout, xhr.headers.Authorization]).toEqual(['POST', '/api/upload', 60_000, 'Bearer token']);
    expect([...xhr.body!.keys()]).toEqual(['report_type', 'user_id', 'file']);
    expect(xhr.body!.get('report_type')).toBe('Pathology Reports');
    expect(xhr.body!.get('user_id')).toBe(USER_ID);
    expect((xhr.body!.get('file') as File).name).toBe('scan.pdf');

    xhr.progress(512, 1024);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');
    await act(async () => xhr.respond(201, report({ file_name: 'scan.pdf' })));
    expect(await screen.findByText('scan.pdf')).toBeInTheDocument();
    expect(toasts()).toContain('success: Report uploaded!');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === LIST_URL)).toHaveLength(2);
  });

  it('shows the time-out text after 60 seconds, and the server refusal otherwise', async () => {
    const api = installFetchMock();
    api.reply(LIST_URL, { status: 200, body: [] });
    const { toasts } = renderSection({ editable: true });
    const input = await screen.findByLabelText('Report file');

    await userEvent.upload(input, pdfFile());
    await userEvent.click(screen.getByRole('button', { name: /Upload/ }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    await act(async () => FakeXhr.requests[0]!.ontimeout?.());
    expect(await screen.findByRole('alert')).toHaveTextContent('Request timed out. Please try again.');
    expect(toasts()).toContain('error: Upload failed');

    await userEvent.upload(input, pdfFile());
    await userEvent.click(screen.getByRole('button', { name: /Upload/ }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));
    await act(async () => FakeXhr.requests[1]!.respond(413, { statusCode: 413, error: 'Payload Too Large', message: 'File is too large. Maximum allowed size is 15MB.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('File is too large. Maximum allowed size is 15MB.');

    await userEvent.upload(input, pdfFile());
    await userEvent.click(screen.getByRole('button', { name: /Upload/ }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(3));
    await act(async () => FakeXhr.requests[2]!.onerror?.());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload medical report');
  });

  it('renews an expired access token once and sends the upload again', async () => {
    const api = installFetchMock();
    api.reply(LIST_URL, { status: 200, body: [] });
    api.reply('/api/auth/refresh', { status: 200, body: { user: testUser('patient'), accessToken: 'fresh-token' } });
    const { toasts } = renderSection({ editable: true });
    await userEvent.upload(await screen.findByLabelText('Report file'), pdfFile());
    await userEvent.click(screen.getByRole('button', { name: /Upload/ }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    await act(async () => FakeXhr.requests[0]!.respond(401, { statusCode: 401, error: 'Unauthorized', message: 'Please sign in to continue.' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));
    expect(FakeXhr.requests[1]!.headers.Authorization).toBe('Bearer fresh-token');
    await act(async () => FakeXhr.requests[1]!.respond(201, report({ file_name: 'scan.pdf' })));
    await waitFor(() => expect(toasts()).toContain('success: Report uploaded!'));
  });

  it("says 'No authentication token available' when there is no token and none can be renewed, sending nothing", async () => {
    const api = installFetchMock();
    api.reply(LIST_URL, { status: 200, body: [] });
    api.reply('/api/auth/refresh', { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'No active session' } });
    const store = createAppStore({ auth: { ...signedInState('patient'), accessToken: null } });
    render(
      <Provider store={store}>
        <ReportsSection patientUserId={USER_ID} editable />
      </Provider>,
    );
    await userEvent.upload(await screen.findByLabelText('Report file'), pdfFile());
    await userEvent.click(screen.getByRole('button', { name: /Upload/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No authentication token available');
    expect(FakeXhr.requests).toHaveLength(0);
    expect(store.getState().auth.status).toBe('anonymous');
  });

  it('deletes after confirmation and says Report deleted; a failure says Delete failed', async () => {
    const api = installFetchMock();
    api.reply(LIST_URL, { status: 200, body: [report(), report({ id: 'r2', file_name: 'old.pdf' })] }, { status: 200, body: [report({ id: 'r2', file_name: 'old.pdf' })] });
    api.reply('/api/medical-reports/r1', { status: 204 });
    api.reply('/api/medical-reports/r2', { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' } });
    const { toasts } = renderSection({ editable: true });

    await userEvent.click(await screen.findByRole('button', { name: 'Delete blood-test.pdf' }));
    expect(await screen.findByText('Delete "blood-test.pdf"? This cannot be undone.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('blood-test.pdf')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/medical-reports/r1');
    expect(toasts()).toContain('success: Report deleted');

    await userEvent.click(await screen.findByRole('button', { name: 'Delete old.pdf' }));
    const confirm = await screen.findAllByRole('button', { name: 'Delete' });
    await userEvent.click(confirm[confirm.length - 1]!);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(toasts()).toContain('error: Delete failed');
  });

  it('opens a report in a new tab from a blob of the authorised download, never a URL with a credential', async () => {
    const api = installFetchMock();
    api.reply(LIST_URL, { status: 200, body: [report()] });
    const mocked = globalThis.fetch;
    const fileCalls: string[] = [];
    globalThis.fetch = (async (request: { url: string; headers: Headers }) => {
      if (!request.url.endsWith('/file')) return mocked(request as unknown as Request);
      fileCalls.push(`${request.url} ${request.headers.get('Authorization')}`);
      const blob = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
      return { ok: true, status: 200, headers: new Map([['content-type', 'application/pdf']]), clone() { return this; }, text: async () => '', blob: async () => blob };
    }) as unknown as typeof fetch;
    const tab = { opener: {}, document: { title: '', body: { textContent: '' } }, location: { href: '' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = jest.fn(() => 'blob:http://localhost/1234');
    URL.revokeObjectURL = jest.fn();

    renderSection({ editable: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Open blood-test.pdf' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/1234'));
    expect(tab.opener).toBeNull();
    expect(fileCalls).toEqual(['/api/medical-reports/r1/file Bearer token']);
    open.mockRestore();
  });

  it('closes the tab and says why when the file cannot be fetched', async () => {
    const api = installFetchMock();
    api.reply(LIST_URL, { status: 200, body: [report()] });
    api.reply('/api/medical-reports/r1/file', { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Report not found' } });
    const tab = { opener: {}, document: { title: '', body: { textContent: '' } }, location: { href: '' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { toasts } = renderSection({ editable: false });
    // The mock answers JSON through text(); a refused download is read the same way.
    const mocked = globalThis.fetch;
    globalThis.fetch = (async (request: Request) => {
      const response = (await mocked(request)) as unknown as { text: () => Promise<string> };
      return Object.assign(response, { json: async () => JSON.parse(await response.text()) });
    }) as typeof fetch;
    await userEvent.click(await screen.findByRole('button', { name: 'Open blood-test.pdf' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(toasts()).toContain('error: Report not found');
    expect(tab.location.href).toBe('');
    open.mockRestore();
  });
});
