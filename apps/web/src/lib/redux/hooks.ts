import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

/* eslint-disable @typescript-eslint/no-empty-object-type -- both are filled by declaration merging. */

/**
 * The state of the slices that are in the store from the start. Each slice module adds its own
 * part (`declare module '@/lib/redux/hooks'`), so entities and features get typed hooks without
 * importing the store from the app layer, which composes them.
 */
export interface RootState {}

/**
 * Slices that a lazily loaded chunk (a later /admin) injects; they are missing until then, and
 * the app's `injectSlice` accepts only these.
 */
export interface LazyLoadedSlices {}

/* eslint-enable @typescript-eslint/no-empty-object-type */

export type AppState = RootState & Partial<LazyLoadedSlices>;
export type AppDispatch = ThunkDispatch<AppState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<AppState>();
