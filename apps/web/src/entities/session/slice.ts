import { createSlice } from '@reduxjs/toolkit';
import { config, storageKeys } from '@/config';
import { getToken, parseErrorBody, pauseBeforeSending } from '@/lib/api-client';
import { delay } from '@/lib/delay';
import { endPushSubscription } from '@/lib/web-push';
import { createApiThunk } from '@/lib/redux/create-api-thunk';
import { sessionReset } from '@/lib/redux/session-reset';
import {
  deletePushToken,
  getLogout,
  lookupTenant,
  postLogin,
  requestPasswordReset,
  type Credentials,
  type SessionToken,
} from './api';

export interface AuthState {
  token: string | null;
  authenticated: boolean;
  fetching: boolean;
  error: unknown;
}

declare module '@/lib/redux/hooks' {
  interface RootState {
    auth: AuthState;
  }
}

export const initialAuthState: AuthState = { token: null, authenticated: false, fetching: false, error: null };

/**
 * product §2.4: wait 500 ms, log in only if no token is stored yet, then save the token. A token
 * the server handed out with the first password (ADR 044) is saved as it is.
 */
export const login = createApiThunk('auth/login', async (credentials: Credentials | SessionToken) => {
  await delay(config.delays.beforeCall);
  if ('token' in credentials) {
    localStorage.setItem(storageKeys.token, credentials.token);
    return credentials.token;
  }
  const existing = getToken();
  if (existing) return existing;
  const token = await postLogin(credentials);
  localStorage.setItem(storageKeys.token, token);
  return token;
});

/**
 * The logout of product §2.15, the part that talks to the server: wait 500 ms, delete the push
 * registration if any (failure ignored), call logout, clear local storage.
 */
export const logout = createApiThunk('auth/logout', async (_: void, { rejectWithValue }) => {
  await delay(config.delays.beforeCall);
  const pushId = localStorage.getItem(storageKeys.pushTokenId);
  if (pushId) await deletePushToken(pushId).catch(() => undefined);
  // The next person on this device must not get this resident's notifications: the browser's
  // subscription ends too (it would otherwise be registered again at the next login).
  if (pushId) await endPushSubscription();
  // Local storage is cleared whether or not the server answered, and only then is the failure reported.
  let failure: unknown = null;
  try {
    await getLogout();
  } catch (error) {
    failure = parseErrorBody(error);
  }
  localStorage.clear();
  if (failure !== null) return rejectWithValue(failure);
});

export interface ForgotPasswordResult {
  /** The masked address the tenant lookup returned. */
  email: string;
}

/** product §2.5 and §9.1: look the tenant up by apartment number, then request the reset with that e-mail. */
export const forgotPassword = createApiThunk('auth/forgotPassword', async (apartmentNumber: string) => {
  await pauseBeforeSending();
  const email = await lookupTenant(apartmentNumber);
  await requestPasswordReset(email, apartmentNumber);
  return { email } satisfies ForgotPasswordResult;
});

const signedOut = (state: AuthState, error: unknown = null) => {
  state.token = null;
  state.authenticated = false;
  state.fetching = false;
  state.error = error;
};

export const authSlice = createSlice({
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

/** In-flight flags and errors describe this session only; restoring them would show spinners that never end. */
export const authTransient: (keyof AuthState)[] = ['fetching', 'error'];
