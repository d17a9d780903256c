import type { Phone } from '@hausportal/contract';
import { createListSlice, type ListState } from './create-list-slice';

export type PhonesState = ListState<Phone>;

const phones = createListSlice<Phone>('phones', '/api/phones/');

export const initialPhonesState: PhonesState = phones.initialState;
export const fetchPhones = phones.fetchList;
export const phonesReducer = phones.reducer;
