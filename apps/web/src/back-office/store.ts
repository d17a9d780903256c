import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { adminApi } from './api/admin-api';
import { sessionSlice } from './api/session-slice';

/**
 * The back office's own store: the staff session and the RTK Query cache. It is independent of
 * the resident store (no redux-persist, no PersistGate), so none of it reaches a resident.
 */
export function makeAdminStore() {
  return configureStore({
    reducer: combineSlices(sessionSlice, adminApi),
    middleware: (getDefault) => getDefault().concat(adminApi.middleware),
  });
}

export type AdminStore = ReturnType<typeof makeAdminStore>;
export type AdminState = ReturnType<AdminStore['getState']>;
export type AdminDispatch = AdminStore['dispatch'];

export const useAdminDispatch = useDispatch.withTypes<AdminDispatch>();
export const useAdminSelector = useSelector.withTypes<AdminState>();
