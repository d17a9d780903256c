import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { config, storageKeys } from '@/config';
import { api, getToken, parseErrorBody } from '@/lib/api-client';
import { delay } from '@/lib/delay';
import { sessionReset } from './session-actions';

export interface AuthState {
  token: string | null;
  authenticated: boolean;
  fetching: boolean;
  error: unknown;
}

export const initialAuthState: AuthState = { token: null, authenticated: false, fetching: false, error: null };

export interface Credentials {
  apartment_number: string;
  password: string;
}

/** SPEC §4: wait 500 ms, log in only if no token is stored yet, then save the token. */
export const login = createAsyncThunk<string, Credentials, { rejectValue: unknown }>(
  'auth/login',
  async (credentials, { rejectWithValue }) => {
    await delay(config.delays.beforeCall);
    const existing = getToken();
    if (existing) return existing;
    try {
      const { token } = await api.post<{ token: string }>('/api/login/', credentials, true);
      localStorage.setItem(storageKeys.token, token);
      return token;
    } catch (error) {
      return rejectWithValue(parseErrorBody(error));
    }
  },
);

/**
 * SPEC §4 logout, the part that talks to the server: wait 500 ms, delete the push
 * registration if any (failure ignored), call logout, clear local storage.
 */
export const logout = createAsyncThunk<void, void, { rejectValue: unknown }>(
  'auth/logout',
  async (_, { rejectWithValue }) => {
    await delay(config.delays.beforeCall);
    const pushId = localStorage.getItem(storageKeys.pushTokenId);
    if (pushId) await api.delete(`/api/fcm/token/${encodeURIComponent(pushId)}/`).catch(() => undefined);
    let failure: unknown = null;
    try {
      await api.get('/api/logout/');
    } catch (error) {
      failure = parseErrorBody(error);
    }
    localStorage.clear();
    if (failure !== null) return rejectWithValue(failure);
  },
);

export interface ForgotPasswordResult {
  /** The masked address the tenant lookup returned. */
  email: string;
}

/** SPEC §4: look the tenant up by apartment number, then request the reset with that e-mail. */
export const forgotPassword = createAsyncThunk<ForgotPasswordResult, string, { rejectValue: unknown }>(
  'auth/forgotPassword',
  async (apartmentNumber, { rejectWithValue }) => {
    await delay(config.delays.beforeCall);
    try {
      const { email } = await api.get<{ email: string }>(
        `/api/tenant/?apartment_number=${encodeURIComponent(apartmentNumber)}`,
        true,
      );
      // The address is masked, so the apartment number tells the server whom to write to.
      await api.post('/api/password_reset/', { email, apartment_number: apartmentNumber }, true);
      return { email };
    } catch (error) {
      return rejectWithValue(parseErrorBody(error));
    }
  },
);

const signedOut = (state: AuthState, error: unknown = null) => {
  state.token = null;
  state.authenticated = false;
  state.fetching = false;
  state.error = error;
};

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionReset, () => initialAuthState)
      .addCase(login.pending, (state) => {
        state.fetching = true;
        state.authenticated = false;
        state.error = null;
      })
      .addCase(login.fulfilled, (state, action) => {
        state.token = action.payload;
        state.authenticated = true;
        state.fetching = false;
        state.error = null;
      })
      .addCase(login.rejected, (state, action) => signedOut(state, action.payload ?? action.error.message))
      .addCase(logout.pending, (state) => {
        state.fetching = true;
        state.authenticated = false;
      })
      .addCase(logout.fulfilled, (state) => signedOut(state))
      .addCase(logout.rejected, (state, action) => signedOut(state, action.payload ?? action.error.message))
      .addCase(forgotPassword.pending, (state) => {
        state.fetching = true;
        state.authenticated = false;
        state.error = null;
      })
      .addCase(forgotPassword.fulfilled, (state) => signedOut(state))
      .addCase(forgotPassword.rejected, (state, action) => signedOut(state, action.payload ?? action.error.message));
  },
});

export const authReducer = authSlice.reducer;
