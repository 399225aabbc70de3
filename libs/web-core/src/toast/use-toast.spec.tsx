import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createAppStore } from '../store/store';
import { useToast } from './use-toast';

describe('useToast', () => {
  it('puts toasts of each kind in the store', () => {
    const store = createAppStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => useToast(), { wrapper });

    act(() => {
      result.current.success('Saved');
      result.current.error('Failed');
    });

    expect(store.getState().toasts).toEqual([
      expect.objectContaining({ kind: 'success', message: 'Saved' }),
      expect.objectContaining({ kind: 'error', message: 'Failed' }),
    ]);
  });

  it('withdraws the toast of a text, leaving the others', () => {
    const store = createAppStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => useToast(), { wrapper });
    act(() => {
      result.current.error('Tick the box');
      result.current.info('Other');
      result.current.withdraw('Tick the box');
    });
    expect(store.getState().toasts).toEqual([expect.objectContaining({ kind: 'info', message: 'Other' })]);
  });
});
