import { createAction } from '@reduxjs/toolkit';
import type { ApiFailure } from '../apiError';

/** A call failed; listeners turn it into a toast, a trip to /error or the end of the session. */
export const apiFailed = createAction<ApiFailure & { endpoint: string }>('api/failed');
