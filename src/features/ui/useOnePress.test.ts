import { act, renderHook } from '@testing-library/react';
import { useOnePress } from './useOnePress';

function deferred() {
  let settle: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  return { promise, settle, fail };
}

describe('useOnePress', () => {
  it('lets a press go while the last one is out, and takes the next once it has settled', async () => {
    const { result } = renderHook(() => useOnePress());
    const first = deferred();
    const presses: string[] = [];
    const firstPress = result.current(async () => {
      presses.push('first');
      await first.promise;
    });
    await result.current(async () => {
      presses.push('while out');
    });
    first.settle();
    await act(() => firstPress);
    // No re-render in between: the press is judged by itself, not by what the last render saw.
    await result.current(async () => {
      presses.push('after');
    });
    expect(presses).toEqual(['first', 'after']);
  });

  it('takes the next press after one that failed', async () => {
    const { result } = renderHook(() => useOnePress());
    const failing = deferred();
    const pressed = result.current(() => failing.promise);
    failing.fail(new Error('refused'));
    await expect(pressed).rejects.toThrow('refused');
    const presses: string[] = [];
    await result.current(async () => {
      presses.push('again');
    });
    expect(presses).toEqual(['again']);
  });
});
