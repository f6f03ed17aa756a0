import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { useRequest } from './use-request';

describe('useRequest', () => {
  it('is pending, then holds the answer', async () => {
    const { result } = renderHook(() => useRequest('k', () => Promise.resolve({ n: 1 })));
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.data).toEqual({ n: 1 }));
    expect(result.current.isError).toBe(false);
  });

  it('does not retry a client error, as the app queries do not', async () => {
    const fetcher = vi.fn(() => Promise.reject(new ApiError(404, 'not_found', 'gone')));
    const { result } = renderHook(() => useRequest('k', fetcher));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('keeps the data it had when a refresh fails, and fetches anew for another key', async () => {
    let fail = false;
    const { result, rerender } = renderHook(({ id }) => useRequest(id, () => (fail ? Promise.reject(new ApiError(403, 'forbidden', 'no')) : Promise.resolve(id))), {
      initialProps: { id: 'a' },
    });
    await waitFor(() => expect(result.current.data).toBe('a'));
    fail = true;
    await result.current.refetch();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.data).toBe('a');
    fail = false;
    rerender({ id: 'b' });
    await waitFor(() => expect(result.current.data).toBe('b'));
    expect(result.current.isError).toBe(false);
  });

  it('does not fetch while disabled', () => {
    const fetcher = vi.fn(() => Promise.resolve(1));
    const { result } = renderHook(() => useRequest('k', fetcher, { enabled: false }));
    expect(result.current.isPending).toBe(true);
    expect(fetcher).not.toHaveBeenCalled();
  });
});
