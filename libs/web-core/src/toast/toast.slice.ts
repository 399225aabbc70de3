import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export const TOAST_KINDS = ['success', 'error', 'info', 'warning'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  /** How long it stays; the toast area's default when absent. */
  durationMs?: number;
}

export const toastSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    toastShown: {
      reducer: (state, action: PayloadAction<Toast>) => {
        // A message already on screen is not stacked again (StrictMode and repeated redirects fire twice).
        const { kind, message } = action.payload;
        if (!state.some((toast) => toast.kind === kind && toast.message === message)) state.push(action.payload);
      },
      prepare: (kind: ToastKind, message: string, durationMs?: number) => ({
        payload: { id: nanoid(), kind, message, ...(durationMs === undefined ? {} : { durationMs }) },
      }),
    },
    toastDismissed: (state, action: PayloadAction<string>) => state.filter((toast) => toast.id !== action.payload),
    /** A toast whose cause is gone (the box it asked to tick is ticked): taken down by its text, wherever it is. */
    toastWithdrawn: (state, action: PayloadAction<string>) => state.filter((toast) => toast.message !== action.payload),
  },
  selectors: {
    selectToasts: (state) => state,
  },
});

export const { toastShown, toastDismissed, toastWithdrawn } = toastSlice.actions;
export const { selectToasts } = toastSlice.selectors;
