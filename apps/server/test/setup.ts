import { afterAll, afterEach } from 'vitest';
import { assertRepliesMatchSchemas } from './replies.js';

// A server test fails when a reply of its app did not match the route's response schema
// (test/replies.ts); afterAll catches the replies of setup and clean-up hooks.
afterEach(assertRepliesMatchSchemas);
afterAll(assertRepliesMatchSchemas);
