import { act, render } from '@testing-library/react';
import { useAutosave } from './use-autosave';

let dirty = false;
const save = jest.fn(async () => undefined);

function Probe({ enabled = true }: { enabled?: boolean }) {
  useAutosave({ isDirty: () => dirty, save, enabled });
  return null;
}

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

const SECOND = 1000;

describe('useAutosave', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    dirty = false;
    save.mockClear();
  });
  afterEach(() => {
    jest.useRealTimers();
    setVisibility('visible');
  });

  it('saves 60 seconds after mount when changed, not before', async () => {
    render(<Probe />);
    dirty = true;
    await advance(59 * SECOND);
    expect(save).not.toHaveBeenCalled();
    await advance(1 * SECOND);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('keeps timer autosaves at least 180 seconds apart, then saves again', async () => {
    render(<Probe />);
    dirty = true;
    await advance(60 * SECOND);
    expect(save).toHaveBeenCalledTimes(1);
    // Still changed at 120 s and 180 s: too soon after the save at 60 s.
    await advance(179 * SECOND);
    expect(save).toHaveBeenCalledTimes(1);
    // 240 s: 180 s after the last timer save.
    await advance(1 * SECOND);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('does not save on the timer when nothing changed', async () => {
    render(<Probe />);
    await advance(10 * 60 * SECOND);
    expect(save).not.toHaveBeenCalled();
  });

  it('saves when the tab becomes hidden and something changed, at most once per 30 seconds', async () => {
    render(<Probe />);
    setVisibility('hidden');
    expect(save).not.toHaveBeenCalled();

    dirty = true;
    setVisibility('visible');
    expect(save).not.toHaveBeenCalled();
    setVisibility('hidden');
    expect(save).toHaveBeenCalledTimes(1);

    await advance(29 * SECOND);
    setVisibility('visible');
    setVisibility('hidden');
    expect(save).toHaveBeenCalledTimes(1);

    await advance(1 * SECOND);
    setVisibility('visible');
    setVisibility('hidden');
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('does not start a second save while one is running', async () => {
    let finish: () => void = () => undefined;
    save.mockImplementationOnce(() => new Promise<undefined>((resolve) => { finish = () => resolve(undefined); }));
    render(<Probe />);
    dirty = true;
    setVisibility('hidden');
    expect(save).toHaveBeenCalledTimes(1);
    await advance(60 * SECOND);
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    await advance(60 * SECOND);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('stops when disabled or unmounted', async () => {
    const { rerender, unmount } = render(<Probe enabled={false} />);
    dirty = true;
    setVisibility('hidden');
    await advance(120 * SECOND);
    expect(save).not.toHaveBeenCalled();
    rerender(<Probe />);
    unmount();
    setVisibility('visible');
    setVisibility('hidden');
    await advance(120 * SECOND);
    expect(save).not.toHaveBeenCalled();
  });
});
