import {
  ImportPaths, type CreateImportBatchRequest, type CreateImportBatchResponse, type ImportBatchListResponse, type ImportRowView,
} from '@cqa/contracts';
import { baseApi } from '@cqa/web-core';

const api = (path: string) => path.replace(/^\/api/, '');

export const importApi = baseApi.enhanceEndpoints({ addTagTypes: ['ImportBatches'] }).injectEndpoints({
  endpoints: (build) => ({
    importBatches: build.query<ImportBatchListResponse, { questionId?: number }>({
      query: ({ questionId }) => `${api(ImportPaths.batches)}?page=1${questionId ? `&question_id=${questionId}` : ''}`,
      providesTags: ['ImportBatches'],
    }),
    createImportBatch: build.mutation<CreateImportBatchResponse, CreateImportBatchRequest>({
      query: (body) => ({ url: api(ImportPaths.batches), method: 'POST', body }),
      invalidatesTags: ['ImportBatches'],
    }),
    retryImportRow: build.mutation<ImportRowView, number>({
      query: (id) => ({ url: api(ImportPaths.retry(id)), method: 'POST' }),
      invalidatesTags: ['ImportBatches'],
    }),
    pasteImportRow: build.mutation<ImportRowView, { id: number; text: string }>({
      query: ({ id, text }) => ({ url: api(ImportPaths.paste(id)), method: 'POST', body: { text } }),
      invalidatesTags: ['ImportBatches'],
    }),
  }),
});

export const { useImportBatchesQuery, useCreateImportBatchMutation, useRetryImportRowMutation, usePasteImportRowMutation } = importApi;
