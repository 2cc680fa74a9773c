import { createAction } from '@reduxjs/toolkit';
import type { ApiFailure } from '../apiError';

/**
 * A call failed; listeners turn it into a toast, a trip to /error or the end of the session.
 * `formSave`: the call saves a form that stays open (the call's CallOptions).
 */
export const apiFailed = createAction<ApiFailure & { endpoint: string; formSave?: boolean }>('api/failed');
