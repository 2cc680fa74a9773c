import { useDispatch, useSelector, useStore } from 'react-redux';
import { createSelector } from '@reduxjs/toolkit';
// Types only: the store is made in app/, and its types reach every layer from there.
import type { AppDispatch, AppStore, RootState } from '../../app/store';

/** The only door to react-redux. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
export const createAppSelector = createSelector.withTypes<RootState>();
