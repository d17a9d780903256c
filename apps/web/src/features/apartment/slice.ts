import type { Document } from '@hausportal/contract';
import { createListSlice, type ListState } from '@/lib/redux/create-list-slice';
import { getDocuments } from './api';

export type DocumentsState = ListState<Document>;

declare module '@/lib/redux/hooks' {
  interface RootState {
    documents: DocumentsState;
  }
}

const documents = createListSlice('documents', getDocuments);

export const initialDocumentsState: DocumentsState = documents.initialState;
export const fetchDocuments = documents.fetchList;
export const documentsSlice = documents.slice;
export const documentsReducer = documents.slice.reducer;
export const documentsTransient = documents.transient;
