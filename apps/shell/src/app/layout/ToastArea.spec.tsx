import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createAppStore, toastShown } from '@cqa/web-core';
import { ToastArea } from './ToastArea';

describe('ToastArea', () => {
  it('shows toasts in a live region and dismisses one on request', async () => {
    const store = createAppStore();
    render(
      <Provider store={store}>
        <ToastArea />
      </Provider>,
    );
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveAttribute('aria-live', 'polite');

    act(() => {
      store.dispatch(toastShown('error', "You don't have permission to access this page"));
      store.dispatch(toastShown('success', 'Saved'));
    });
    expect(region).toHaveTextContent("You don't have permission to access this page");
    expect(region).toHaveTextContent('Saved');

    await userEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[0]);
    expect(store.getState().toasts.map((t) => t.message)).toEqual(['Saved']);
  });

  it('lets toasts expire on their own', () => {
    jest.useFakeTimers();
    try {
      const store = createAppStore();
      render(
        <Provider store={store}>
          <ToastArea />
        </Provider>,
      );
      act(() => {
        store.dispatch(toastShown('info', 'Hello'));
      });
      act(() => {
        jest.advanceTimersByTime(6000);
      });
      expect(store.getState().toasts).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps a toast for its own duration when it has one (the 15-second validation toast)', () => {
    jest.useFakeTimers();
    try {
      const store = createAppStore();
      render(
        <Provider store={store}>
          <ToastArea />
        </Provider>,
      );
      act(() => {
        store.dispatch(toastShown('error', 'Missing fields', 15_000));
      });
      act(() => {
        jest.advanceTimersByTime(14_999);
      });
      expect(screen.getByText('Missing fields')).toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(1);
      });
      expect(store.getState().toasts).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });
});
