import { carryToastsOver, takeCarriedToasts } from './toast-carry-over';

describe('toasts carried over to the next document', () => {
  beforeEach(() => sessionStorage.clear());

  it('hands over the kind, text and duration once', () => {
    carryToastsOver([{ id: 'a', kind: 'success', message: 'Login successful!' }, { id: 'b', kind: 'info', message: 'Later', durationMs: 100 }]);
    expect(takeCarriedToasts()).toEqual([{ kind: 'success', message: 'Login successful!' }, { kind: 'info', message: 'Later', durationMs: 100 }]);
    expect(takeCarriedToasts()).toEqual([]);
  });

  it('writes nothing when no toast is shown', () => {
    carryToastsOver([]);
    expect(sessionStorage.length).toBe(0);
  });

  it('ignores what it did not write: broken JSON, other shapes, unknown kinds', () => {
    sessionStorage.setItem('cqa.toasts.carried', '{not json');
    expect(takeCarriedToasts()).toEqual([]);
    sessionStorage.setItem('cqa.toasts.carried', JSON.stringify({ kind: 'success', message: 'x' }));
    expect(takeCarriedToasts()).toEqual([]);
    sessionStorage.setItem('cqa.toasts.carried', JSON.stringify([{ kind: 'shout', message: 'x' }, { kind: 'error', message: 'Kept' }, { kind: 'info' }]));
    expect(takeCarriedToasts()).toEqual([{ kind: 'error', message: 'Kept' }]);
  });
});
