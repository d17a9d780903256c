import type { ActionReducerMapBuilder, Draft } from '@reduxjs/toolkit';
import type { ApiThunk } from './create-api-thunk';

/** What every slice that loads something from the server keeps besides its data. */
/**
 * True when a fetched answer equals what the slice holds. The reducer then keeps the old value:
 * nothing re-renders and nothing is written to storage for an answer that changed nothing,
 * which is the common case when a returning resident's stored data is refreshed. (Signed file
 * URLs stay the same for an hour, so they compare equal too.)
 */
export function unchanged(held: unknown, fetched: unknown): boolean {
  return JSON.stringify(held) === JSON.stringify(fetched);
}

export interface RequestState {
  fetching: boolean;
  error: unknown;
}

/**
 * The request/success/failure cases of a fetch: `fetching` while it runs; on success
 * `fulfilled` stores the payload and the error is cleared; on failure the error is the
 * parsed body (or the thrown message), and `rejected` may drop what the slice holds.
 */
export function addFetchCases<S extends RequestState, Returned, Arg>(
  builder: ActionReducerMapBuilder<S>,
  thunk: ApiThunk<Returned, Arg>,
  fulfilled: (state: Draft<S>, payload: Returned) => void,
  rejected?: (state: Draft<S>, error: unknown) => void,
): void {
  builder
    .addCase(thunk.pending, (state) => {
      state.fetching = true;
    })
    .addCase(thunk.fulfilled, (state, action) => {
      fulfilled(state, action.payload);
      state.fetching = false;
      state.error = null;
    })
    .addCase(thunk.rejected, (state, action) => {
      rejected?.(state, action.payload);
      state.fetching = false;
      state.error = action.payload ?? action.error.message;
    });
}
