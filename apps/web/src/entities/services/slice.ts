import { createSlice } from '@reduxjs/toolkit';
import type { Provider, Service } from '@hausportal/contract';
import { preloadIcons } from '@/lib/preload-icons';
import { createApiThunk } from '@/lib/redux/create-api-thunk';
import { addFetchCases, unchanged, type RequestState } from '@/lib/redux/request-cases';
import { sessionReset } from '@/lib/redux/session-reset';
import { getProviders, getServices } from './api';

export interface ServicesState extends RequestState {
  results: Service[];
  /** Providers by service id (product §1.4). */
  providers: Record<number, Provider[]>;
  /** Service ids whose providers are being fetched. */
  providersFetching: number[];
}

declare module '@/lib/redux/hooks' {
  interface RootState {
    services: ServicesState;
  }
}

export const initialServicesState: ServicesState = {
  results: [],
  providers: {},
  fetching: false,
  providersFetching: [],
  error: null,
};

export const fetchServices = createApiThunk(
  'services/fetch',
  async () => {
    const services = await getServices();
    preloadIcons(services.map((s) => s.icon));
    return services;
  },
  { online: true },
);

export const fetchProviders = createApiThunk(
  'services/fetchProviders',
  async (serviceId: number) => ({ id: serviceId, results: await getProviders(serviceId) }),
  { online: true },
);

export const servicesSlice = createSlice({
  name: 'services',
  initialState: initialServicesState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(sessionReset, () => initialServicesState);
    // A failure keeps the services: only documents, phones and location are emptied.
    addFetchCases(builder, fetchServices, (state, services) => {
      if (!unchanged(state.results, services)) state.results = services;
    });
    builder
      .addCase(fetchProviders.pending, (state, action) => {
        if (!state.providersFetching.includes(action.meta.arg)) state.providersFetching.push(action.meta.arg);
      })
      .addCase(fetchProviders.fulfilled, (state, action) => {
        if (!unchanged(state.providers[action.payload.id], action.payload.results))
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

/** In-flight flags and errors describe this session only. */
export const servicesTransient: (keyof ServicesState)[] = ['fetching', 'providersFetching', 'error'];
