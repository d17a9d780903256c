import { createAction } from '@reduxjs/toolkit';

/** Returns every slice to its initial state (logout, expired session). */
export const sessionReset = createAction('session/reset');
