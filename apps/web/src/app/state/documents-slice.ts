import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Document, Paginated } from '@hausportal/contract';
import { OFFLINE_MESSAGE, api, isOnline, parseErrorBody } from '@/lib/api-client';
import { preloadIcons } from '@/lib/preload-icons';
import { sessionReset } from './session-actions';

export interface DocumentsState {
  results: Document[];
  fetching: boolean;
  error: unknown;
}

export const initialDocumentsState: DocumentsState = { results: [], fetching: false, error: null };

export const fetchDocuments = createAsyncThunk<Document[], void, { rejectValue: unknown }>(
  'documents/fetch',
  async (_, { rejectWithValue }) => {
    try {
      const page = await api.get<Paginated<Document>>('/api/documents/');
      preloadIcons(page.results.map((d) => d.icon));
      return page.results;
    } catch (error) {
      return rejectWithValue(parseErrorBody(error));
    }
  },
  // Offline, the persisted list stays as it is instead of being emptied by a failure.
  { condition: () => isOnline() },
);

const documentsSlice = createSlice({
  name: 'documents',
  initialState: initialDocumentsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionReset, () => initialDocumentsState)
      .addCase(fetchDocuments.pending, (state) => {
        state.fetching = true;
      })
      .addCase(fetchDocuments.fulfilled, (state, action) => {
        state.results = action.payload;
        state.fetching = false;
        state.error = null;
      })
      .addCase(fetchDocuments.rejected, (state, action) => {
        // SPEC §4: a failure empties the documents; but a lost connection is not an answer
        // from the server, and persisted data must stay readable offline.
        if (action.payload !== OFFLINE_MESSAGE) state.results = [];
        state.fetching = false;
        state.error = action.payload ?? action.error.message;
      });
  },
});

export const documentsReducer = documentsSlice.reducer;
