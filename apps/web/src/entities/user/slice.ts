import { createSlice } from '@reduxjs/toolkit';
import type { Language, Profile } from '@hausportal/contract';
import { pauseBeforeSending } from '@/lib/api-client';
import { createApiThunk } from '@/lib/redux/create-api-thunk';
import { addFetchCases, unchanged, type RequestState } from '@/lib/redux/request-cases';
import { sessionReset } from '@/lib/redux/session-reset';
import { getProfile, putProfileLanguage, putProfilePicture } from './api';

export interface UserState extends RequestState {
  data: Profile | null;
  updating: boolean;
}

declare module '@/lib/redux/hooks' {
  interface RootState {
    user: UserState;
  }
}

export const initialUserState: UserState = { data: null, fetching: false, updating: false, error: null };

export const fetchProfile = createApiThunk('user/fetch', () => getProfile());

export type ProfileUpdate = { picture: File } | { language: Language };

/** PUT /api/profile/: the picture goes as multipart `profile_picture`, the language as JSON. */
export const updateProfile = createApiThunk('user/update', async (update: ProfileUpdate) => {
  await pauseBeforeSending();
  return 'picture' in update ? putProfilePicture(update.picture) : putProfileLanguage(update.language);
});

export const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(sessionReset, () => initialUserState);
    addFetchCases(builder, fetchProfile, (state, profile) => {
      if (!unchanged(state.data, profile)) state.data = profile;
    });
    builder
      .addCase(updateProfile.pending, (state) => {
        state.updating = true;
      })
      .addCase(updateProfile.fulfilled, (state, action) => {
        state.data = action.payload;
        state.updating = false;
        state.error = null;
      })
      .addCase(updateProfile.rejected, (state, action) => {
        state.updating = false;
        state.error = action.payload ?? action.error.message;
      });
  },
});

export const userReducer = userSlice.reducer;

/** In-flight flags and errors describe this session only. */
export const userTransient: (keyof UserState)[] = ['fetching', 'updating', 'error'];
