/** The body of every failed API call. `message` is the text to show the user. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** A line some refusals add under `message` (a registration awaiting approval: issue 44). */
  detail?: string;
}

export const isApiErrorBody = (value: unknown): value is ApiErrorBody =>
  typeof value === 'object' && value !== null &&
  typeof (value as ApiErrorBody).statusCode === 'number' &&
  typeof (value as ApiErrorBody).message === 'string';
