import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Provider, Service } from '@hausportal/contract';
import { api, getAll, isOnline, parseErrorBody } from '@/lib/api-client';
import { preloadIcons } from '@/lib/preload-icons';
import { addFetchCases, type RequestState } from './request-cases';
import { sessionReset } from './session-actions';

export interface ServicesState extends RequestState {
  results: Service[];
  /** Providers by service id (SPEC §3). */
  providers: Record<number, Provider[]>;
  /** Service ids whose providers are being fetched. */
  providersFetching: number[];
}

export const initialServicesState: ServicesState = {
  results: [],
  providers: {},
  fetching: false,
  providersFetching: [],
  error: null,
};

export const fetchServices = createAsyncThunk<Service[], void, { rejectValue: unknown }>(
  'services/fetch',
  async (_, { rejectWithValue }) => {
    try {
      const services = await getAll<Service>('/api/services/');
      preloadIcons(services.map((s) => s.icon));
      return services;
    } catch (error) {
      return rejectWithValue(parseErrorBody(error));
    }
  },
  { condition: () => isOnline() },
);

export const fetchProviders = createAsyncThunk<{ id: number; results: Provider[] }, number, { rejectValue: unknown }>(
  'services/fetchProviders',
  async (serviceId, { rejectWithValue }) => {
    try {
      const page = await api.get<{ id: number; results: Provider[] }>(`/api/providers/?service_id=${serviceId}`);
      return { id: serviceId, results: page.results };
    } catch (error) {
      return rejectWithValue(parseErrorBody(error));
    }
  },
  { condition: () => isOnline() },
);

const servicesSlice = createSlice({
  name: 'services',
  initialState: initialServicesState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(sessionReset, () => initialServicesState);
    // A failure keeps the services: only documents, phones and location are emptied.
    addFetchCases(builder, fetchServices, (state, services) => {
      state.results = services;
    });
    builder
      .addCase(fetchProviders.pending, (state, action) => {
        if (!state.providersFetching.includes(action.meta.arg)) state.providersFetching.push(action.meta.arg);
      })
      .addCase(fetchProviders.fulfilled, (state, action) => {
        state.providers[action.payload.id] = action.payload.results;
        state.providersFetching = state.providersFetching.filter((id) => id !== action.meta.arg);
        state.error = null;
      })
      .addCase(fetchProviders.rejected, (state, action) => {
        state.providersFetching = state.providersFetching.filter((id) => id !== action.meta.arg);
        state.error = action.payload ?? action.error.message;
      });
  },
});

export const servicesReducer = servicesSlice.reducer;
