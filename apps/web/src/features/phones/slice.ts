import type { Phone } from '@hausportal/contract';
import { createListSlice, type ListState } from '@/lib/redux/create-list-slice';
import { getPhones } from './api';

export type PhonesState = ListState<Phone>;

declare module '@/lib/redux/hooks' {
  interface RootState {
    phones: PhonesState;
  }
}

const phones = createListSlice('phones', getPhones);

export const initialPhonesState: PhonesState = phones.initialState;
export const fetchPhones = phones.fetchList;
export const phonesSlice = phones.slice;
export const phonesReducer = phones.slice.reducer;
export const phonesTransient = phones.transient;
