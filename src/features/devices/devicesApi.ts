import { api } from '../../lib/api/api';
import { writeAnswer } from '../../lib/api/writeAnswer';
import type { DeviceSession, DeviceSessions, OtherDevicesEnded } from '../../types/api';

/** The member's devices (the `accounts` extension): listed, one logged out, every other one logged out. */
export const devicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDevices: build.query<DeviceSession[], void>({
      query: () => '/sessions',
      transformResponse: (answer: DeviceSessions) => answer.sessions,
      providesTags: ['Device'],
    }),
    /** The list after it comes back with the answer: it replaces the one shown. */
    endDevice: build.mutation<DeviceSession[], DeviceSession>({
      query: (device) => ({ url: `/sessions/end/${encodeURIComponent(device.id)}`, method: 'POST' }),
      transformResponse: (answer: DeviceSessions) => answer.sessions,
      // Refused (logged out elsewhere meanwhile, say): the list loads again, as it is now.
      invalidatesTags: (_sessions, error) => (error ? ['Device'] : []),
      onQueryStarted: (_device, { dispatch, queryFulfilled }) => writeAnswer(queryFulfilled, (data) => {
        dispatch(devicesApi.util.upsertQueryData('getDevices', undefined, data));
      }),
    }),
    /** Its answer's new token is this device's from now (the app's store listens for it). */
    endOtherDevices: build.mutation<OtherDevicesEnded, void>({
      query: () => ({ url: '/sessions/end-others', method: 'POST' }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => writeAnswer(queryFulfilled, (data) => {
        dispatch(devicesApi.util.upsertQueryData('getDevices', undefined, data.sessions));
      }),
    }),
  }),
});

export const { useGetDevicesQuery, useEndDeviceMutation, useEndOtherDevicesMutation } = devicesApi;
