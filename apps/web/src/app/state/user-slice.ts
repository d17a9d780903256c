import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Language, Profile } from '@hausportal/contract';
import { config } from '@/config';
import { api, parseErrorBody, uploadWithProgress } from '@/lib/api-client';
import { delay } from '@/lib/delay';
import { addFetchCases, type RequestState } from './request-cases';
import { sessionReset } from './session-actions';

export interface UserState extends RequestState {
  data: Profile | null;
  updating: boolean;
}

export const initialUserState: UserState = { data: null, fetching: false, updating: false, error: null };

export const fetchProfile = createAsyncThunk<Profile, void, { rejectValue: unknown }>(
  'user/fetch',
  async (_, { rejectWithValue }) => {
    try {
      return await api.get<Profile>('/api/profile/');
    } catch (error) {
      return rejectWithValue(parseErrorBody(error));
    }
  },
);

export type ProfileUpdate = { picture: File } | { language: Language };

/** PUT /api/profile/: the picture goes as multipart `profile_picture`, the language as JSON. */
export const updateProfile = createAsyncThunk<Profile, ProfileUpdate, { rejectValue: unknown }>(
  'user/update',
  async (update, { rejectWithValue }) => {
    await delay(config.delays.beforeCall);
    try {
      if ('picture' in update) {
        const form = new FormData();
        form.append('profile_picture', update.picture, update.picture.name);
        return await uploadWithProgress<Profile>('/api/profile/', form, () => undefined, 'PUT');
      }
      return await api.put<Profile>('/api/profile/', { language: update.language });
    } catch (error) {
      return rejectWithValue(parseErrorBody(error));
    }
  },
);

const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(sessionReset, () => initialUserState);
    addFetchCases(builder, fetchProfile, (state, profile) => {
      state.data = profile;
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
