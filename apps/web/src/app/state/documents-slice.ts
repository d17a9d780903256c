import type { Document } from '@hausportal/contract';
import { createListSlice, type ListState } from './create-list-slice';

export type DocumentsState = ListState<Document>;

const documents = createListSlice<Document>('documents', '/api/documents/');

export const initialDocumentsState: DocumentsState = documents.initialState;
export const fetchDocuments = documents.fetchList;
export const documentsReducer = documents.reducer;
