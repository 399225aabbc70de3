import type { BaseQueryApi, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { Messages, REPORT_TIMEOUT_MS, ReportPaths, UploadFields, type MedicalReport, type ReportType } from '@cqa/contracts';
import { apiRelative, baseApi, baseQueryWithReauth, errorMessage, refreshSession, sessionEnded, type AuthState } from '@cqa/web-core';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['MedicalReports'] });

/** Medical reports of one patient, keyed by the patient's user id (spec section 7: loaded by user_id). */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    medicalReports: build.query<MedicalReport[], string>({
      query: (patientUserId) => ({ url: apiRelative(ReportPaths.list), params: { user_id: patientUserId }, timeout: REPORT_TIMEOUT_MS }),
      providesTags: (_result, _error, patientUserId) => [{ type: 'MedicalReports', id: patientUserId }],
    }),
    deleteMedicalReport: build.mutation<void, { id: string; patientUserId: string }>({
      query: ({ id }) => ({ url: apiRelative(ReportPaths.one(id)), method: 'DELETE', timeout: REPORT_TIMEOUT_MS }),
      invalidatesTags: (_result, _error, { patientUserId }) => [{ type: 'MedicalReports', id: patientUserId }],
    }),
  }),
});

export const { useMedicalReportsQuery, useDeleteMedicalReportMutation } = reportsApi;

/** The text for a failed report call: the time-out text, the server's message, or the fallback. */
export function reportErrorMessage(error: unknown, fallback: string): string {
  if ((error as FetchBaseQueryError | undefined)?.status === 'TIMEOUT_ERROR') return Messages.errors.timedOut;
  return errorMessage(error, fallback);
}

interface ThunkApi {
  dispatch: BaseQueryApi['dispatch'];
  getState: () => unknown;
}
type Thunk<T> = (dispatch: BaseQueryApi['dispatch'], getState: () => unknown) => Promise<T>;

function queryApi({ dispatch, getState }: ThunkApi, signal: AbortSignal, endpoint: string): BaseQueryApi {
  return { dispatch, getState, signal, abort: () => undefined, extra: undefined, endpoint, type: 'query' };
}

export type ReportFileResult = { ok: true; blob: Blob } | { ok: false; message: string };

/**
 * The report's bytes, fetched with the in-memory access token (renewed once on 401 like every call). The web opens
 * them as a blob: URL in a new tab, so no credential or signed link ever appears in a URL, history or log.
 * Kept out of the RTK Query cache: a blob is not state.
 */
export function fetchReportFile(id: string): Thunk<ReportFileResult> {
  return async (dispatch, getState) => {
    const controller = new AbortController();
    const result = await baseQueryWithReauth(
      { url: apiRelative(ReportPaths.file(id)), responseHandler: (response) => (response.ok ? response.blob() : response.json()), timeout: REPORT_TIMEOUT_MS },
      queryApi({ dispatch, getState }, controller.signal, 'reportFile'),
      {},
    );
    if (result.error) return { ok: false, message: reportErrorMessage(result.error, Messages.errors.fetchReportsFailed) };
    return { ok: true, blob: result.data as Blob };
  };
}

export interface UploadReportArgs {
  file: File;
  reportType: ReportType;
  patientUserId: string;
  /** 0-100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export type UploadReportResult =
  | { ok: true; report: MedicalReport }
  | { ok: false; reason: 'timeout' | 'aborted' | 'network' | 'http'; status?: number; message: string };

/** One XMLHttpRequest (fetch reports no upload progress): multipart, report_type and user_id before the file, 60 s time-out. */
function sendUpload(token: string | null, args: UploadReportArgs): Promise<UploadReportResult> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append(UploadFields.reportType, args.reportType);
    body.append(UploadFields.userId, args.patientUserId);
    body.append(UploadFields.file, args.file, args.file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', ReportPaths.upload);
    xhr.timeout = REPORT_TIMEOUT_MS;
    xhr.withCredentials = false;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) args.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    const abort = () => xhr.abort();
    args.signal?.addEventListener('abort', abort, { once: true });
    const done = (result: UploadReportResult) => {
      args.signal?.removeEventListener('abort', abort);
      resolve(result);
    };
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) done({ ok: true, report: parsed as MedicalReport });
      else done({ ok: false, reason: 'http', status: xhr.status, message: errorMessage({ data: parsed }, Messages.errors.uploadReportFailed) });
    };
    xhr.ontimeout = () => done({ ok: false, reason: 'timeout', message: Messages.errors.timedOut });
    xhr.onabort = () => done({ ok: false, reason: 'aborted', message: Messages.errors.uploadReportFailed });
    xhr.onerror = () => done({ ok: false, reason: 'network', message: Messages.errors.uploadReportFailed });
    xhr.send(body);
  });
}

/**
 * Uploads one report with progress. An expired access token is renewed from the refresh cookie and the upload sent
 * once more; the patient's report list is refetched after a success.
 */
export function uploadMedicalReport(args: UploadReportArgs): Thunk<UploadReportResult> {
  return async (dispatch, getState) => {
    const token = () => (getState() as { auth?: AuthState }).auth?.accessToken ?? null;
    const renew = () => refreshSession(queryApi({ dispatch, getState }, new AbortController().signal, 'uploadMedicalReport'));
    // No token in memory (the session restore has not finished, or it ended in another tab): renew before sending.
    if (!token() && !(await renew()).ok) {
      dispatch(sessionEnded());
      return { ok: false, reason: 'http', status: 401, message: Messages.errors.noToken };
    }
    let result = await sendUpload(token(), args);
    if (!result.ok && result.status === 401) {
      const refreshed = await renew();
      if (!refreshed.ok) {
        dispatch(sessionEnded());
        return result;
      }
      args.onProgress?.(0);
      result = await sendUpload(token(), args);
    }
    if (result.ok) dispatch(reportsApi.util.invalidateTags([{ type: 'MedicalReports', id: args.patientUserId }]));
    return result;
  };
}
