import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readAdminToken, writeAdminToken } from './token';

export interface AdminSessionState {
  token: string | null;
  /** Set when a 401 ended the session, so that the sign-in can say why. */
  expired: boolean;
  /**
   * The install requires a second factor this staff member has not set up (a 403
   * `two_factor_setup_required`, ADR 025): only the setup is shown until it is done.
   */
  twoFactorSetup?: boolean;
}

/** The staff session: only the token; who is signed in comes from `GET /api/admin/me/` (RTK Query). */
export const sessionSlice = createSlice({
  name: 'adminSession',
  initialState: (): AdminSessionState => ({ token: readAdminToken(), expired: false }),
  reducers: {
    signedIn(state, action: PayloadAction<string>) {
      writeAdminToken(action.payload);
      state.token = action.payload;
      state.expired = false;
      state.twoFactorSetup = false;
    },
    signedOut(state) {
      writeAdminToken(null);
      state.token = null;
      state.expired = false;
      state.twoFactorSetup = false;
    },
    twoFactorSetupRequired(state) {
      state.twoFactorSetup = true;
    },
    twoFactorSetUp(state) {
      state.twoFactorSetup = false;
    },
    sessionExpired(state) {
      writeAdminToken(null);
      state.token = null;
      state.expired = true;
    },
  },
});

export const { signedIn, signedOut, sessionExpired, twoFactorSetupRequired, twoFactorSetUp } = sessionSlice.actions;
