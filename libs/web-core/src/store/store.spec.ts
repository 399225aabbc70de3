import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded, sessionStarted } from '../auth/auth.slice';
import { toastDismissed, toastShown } from '../toast/toast.slice';
import { createAppStore, rootReducer } from './store';
import { testUser } from '../testing/auth-fixtures';

const user = testUser('patient');

describe('store', () => {
  it("starts 'unknown' (until the session is restored), with no token and no toasts", () => {
    const state = createAppStore().getState();
    expect(state.auth).toEqual({ status: 'unknown', user: null, accessToken: null });
    expect(state.toasts).toEqual([]);
    expect(state.api).toBeDefined();
  });

  it('starts and ends a session', () => {
    const store = createAppStore();
    store.dispatch(sessionStarted({ user, accessToken: 'tok' }));
    expect(store.getState().auth).toEqual({ status: 'authenticated', user, accessToken: 'tok' });
    store.dispatch(sessionEnded());
    expect(store.getState().auth.status).toBe('anonymous');
    expect(store.getState().auth.accessToken).toBeNull();
  });

  it('lets a remote inject its slice into the running store', () => {
    const store = createAppStore();
    const filters = createSlice({ name: 'testFilters', initialState: { kind: 'all' }, reducers: { set: (s, a) => ({ kind: a.payload }) } });
    rootReducer.inject(filters);
    store.dispatch(filters.actions.set('unanswered'));
    expect((store.getState() as unknown as Record<string, unknown>).testFilters).toEqual({ kind: 'unanswered' });
  });

  it('shows toasts once and dismisses them by id', () => {
    const store = createAppStore();
    store.dispatch(toastShown('error', 'Nope'));
    store.dispatch(toastShown('error', 'Nope'));
    store.dispatch(toastShown('success', 'Saved'));
    const toasts = store.getState().toasts;
    expect(toasts.map((t) => t.message)).toEqual(['Nope', 'Saved']);
    store.dispatch(toastDismissed(toasts[0].id));
    expect(store.getState().toasts.map((t) => t.message)).toEqual(['Saved']);
  });

  it('never persists the token', () => {
    const store = createAppStore();
    store.dispatch(sessionStarted({ user, accessToken: 'secret-token' }));
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-token');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('secret-token');
  });
});
