import { createAsyncThunk, type AsyncThunk, type GetThunkAPI } from '@reduxjs/toolkit';
import { isOnline, parseErrorBody } from '@/lib/api-client';
import type { AppDispatch, AppState } from './hooks';

/** What every API thunk sees: the whole state, a dispatch for further thunks, any rejection value. */
export interface ApiThunkConfig {
  state: AppState;
  dispatch: AppDispatch;
  rejectValue: unknown;
}

export type ApiThunk<Returned, Arg = void> = AsyncThunk<Returned, Arg, ApiThunkConfig>;

type ThunkApi = GetThunkAPI<ApiThunkConfig>;

/**
 * A thunk around API calls. product §6.4: a failure puts the parsed JSON error body into the
 * rejection (so into the slice's error field), or the raw error when the body does not parse.
 * With `online`, the thunk does not start while the browser is offline, so persisted data stays
 * as it is instead of being emptied by a failure.
 */
export function createApiThunk<Returned, Arg = void>(
  type: string,
  run: (arg: Arg, thunkApi: ThunkApi) => Promise<Returned | ReturnType<ThunkApi['rejectWithValue']>>,
  { online = false }: { online?: boolean } = {},
): ApiThunk<Returned, Arg> {
  return createAsyncThunk<Returned, Arg, ApiThunkConfig>(
    type,
    async (arg, thunkApi) => {
      try {
        return await run(arg, thunkApi);
      } catch (error) {
        return thunkApi.rejectWithValue(parseErrorBody(error));
      }
    },
    online ? { condition: () => isOnline() } : undefined,
  );
}
