import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { baseApi, type StoreExtra } from '../api/base-api';
import { authSlice } from '../auth/auth.slice';
import { toastSlice } from '../toast/toast.slice';
import { logAuthChanges } from '../logging/log-events';

/**
 * Slices a remote injects at runtime. A remote declares its own:
 *   declare module '@cqa/web-core' { interface LazyLoadedSlices extends WithSlice<typeof mySlice> {} }
 * then calls rootReducer.inject(mySlice) (or mySlice.injectInto(rootReducer)).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(authSlice, toastSlice, baseApi).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** `extra`: what the store's thunks (and the API's base query) are handed; the page server's renderer passes its page data. */
export function createAppStore(preloadedState?: Partial<RootState>, extra?: StoreExtra) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: { extraArgument: extra } }).concat(baseApi.middleware, logAuthChanges()),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
